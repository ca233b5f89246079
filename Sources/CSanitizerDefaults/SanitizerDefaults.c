#include "SanitizerDefaults.h"

// Read by AddressSanitizer at start-up when a binary is built with it (scripts/sanitize);
// unused otherwise. LeakSanitizer takes Swift's lazily made globals, whose pointers carry
// enum tag bits, for leaks, so leak detection is off unless ASAN_OPTIONS turns it on;
// memory errors are reported as always.
const char *__asan_default_options(void) {
    return "detect_leaks=0";
}

int csanitizer_defaults_linked(void) {
    return 1;
}
