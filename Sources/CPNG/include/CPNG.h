#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/// A decoded image: straight-alpha RGBA8, rows packed (stride = width * 4).
/// `pixels` is allocated with malloc and owned by the caller (free with cpng_free).
typedef struct {
    uint32_t width;
    uint32_t height;
    uint8_t *pixels;
    /// The file's own description, for diagnostics.
    int color_type;
    int bit_depth;
    int interlaced;
} cpng_image;

enum {
    CPNG_OK = 0,
    CPNG_ERROR_LIBPNG = 1,     /* libpng reported an error (message in errbuf) */
    CPNG_ERROR_TOO_LARGE = 2,  /* dimensions exceed the caller's limit */
    CPNG_ERROR_NO_MEMORY = 3,
    CPNG_ERROR_SIGNATURE = 4   /* not a PNG file */
};

/// Decodes a PNG held in memory to straight RGBA8, any colour type and bit depth,
/// interlaced or not. On failure returns a CPNG_ERROR_* code and writes a
/// NUL-terminated message into errbuf. Never aborts and never longjmps past the caller.
int cpng_decode(const uint8_t *data, size_t length, uint64_t max_pixels,
                cpng_image *out, char *errbuf, size_t errlen);

void cpng_free(void *pointer);

/// The version of the libpng linked at run time ("1.6.39").
const char *cpng_libpng_version(void);

#endif
