/* ICU's C API renames every function by version (ubidi_open becomes ubidi_open_72), through
   macros Swift cannot import; CUnicode wraps the calls the text stage makes. This module
   only carries the headers' location and the link flags. */
#include <unicode/uversion.h>
