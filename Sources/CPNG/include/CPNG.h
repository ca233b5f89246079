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

/// A growable output buffer filled by the encoder; free `data` with cpng_free.
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} cpng_buffer;

/// Encoder settings. `filters` is a mask of PNG_FILTER_* values (0 means libpng's default).
typedef struct {
    int compression_level;   /* 0...9 */
    int filters;             /* PNG_FILTER_NONE | PNG_FILTER_SUB | ... */
    int strategy;            /* zlib strategy: Z_DEFAULT_STRATEGY, Z_FILTERED, Z_RLE, ... */
} cpng_encode_options;

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

/// Encodes straight RGBA8 rows (stride in bytes) as an 8-bit RGBA PNG into `out`.
int cpng_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                cpng_encode_options options, cpng_buffer *out,
                char *errbuf, size_t errlen);

/// Encodes rows that already carry their PNG filter-type byte (each row: 1 + width*4
/// bytes) as the zlib stream of one IDAT chunk; used by callers that filter rows
/// themselves. Returns CPNG_OK or an error code.
int cpng_deflate(const uint8_t *data, size_t length, int level, int strategy,
                 cpng_buffer *out, char *errbuf, size_t errlen);

/// CRC-32 as PNG chunks use it (zlib's crc32).
uint32_t cpng_crc32(uint32_t crc, const uint8_t *data, size_t length);

/// Adler-32 as zlib streams use it.
uint32_t cpng_adler32(uint32_t adler, const uint8_t *data, size_t length);

void cpng_free(void *pointer);

#endif
