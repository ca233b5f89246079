#ifndef SANITIZER_DEFAULTS_H
#define SANITIZER_DEFAULTS_H

/// Referenced by the library so the sanitizer defaults are linked into every binary.
int csanitizer_defaults_linked(void);

#endif
