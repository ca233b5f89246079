#ifndef CJPEG_H
#define CJPEG_H

#include <stddef.h>
#include <stdint.h>

enum {
    CJPEG_OK = 0,
    CJPEG_ERROR_LIBJPEG = 1,    /* libjpeg reported an error (message in errbuf) */
    CJPEG_ERROR_TOO_LARGE = 2,  /* dimensions exceed the caller's limit */
    CJPEG_ERROR_NO_MEMORY = 3,
    CJPEG_ERROR_SIGNATURE = 4   /* not a JPEG file */
};

/// Encodes `height` rows of RGBX pixels (`stride` bytes apart; the fourth byte of each
/// pixel is ignored) as a baseline JPEG with 4:2:0 chroma subsampling at `quality`
/// (1 to 100). On success `*out` holds `*out_length` bytes, owned by the caller
/// (free with cjpeg_free). Never aborts and never longjmps past the caller.
int cjpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int quality,
                 uint8_t **out, size_t *out_length, char *errbuf, size_t errlen);

/// Decodes a JPEG held in memory to RGBA8 (alpha 255), rows packed, with libjpeg's
/// defaults (the integer DCT and fancy upsampling, as djpeg decodes). The header is read
/// first: a file over `max_pixels` is refused before any pixel memory is taken.
int cjpeg_decode(const uint8_t *data, size_t length, uint64_t max_pixels,
                 uint32_t *width, uint32_t *height, uint8_t **pixels, char *errbuf, size_t errlen);

void cjpeg_free(void *pointer);

/// The libjpeg-turbo version linked ("2.1.5").
const char *cjpeg_version(void);

#endif
