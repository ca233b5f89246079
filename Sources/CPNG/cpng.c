// libpng reports errors by longjmp. Every libpng call in this file sits below a
// setjmp owned by this file, so an error unwinds only to here and becomes an
// error code plus libpng's message; Swift code never sees a longjmp.
#include "CPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    jmp_buf jump;
    char *errbuf;
    size_t errlen;
} error_context;

static void write_message(error_context *context, const char *message) {
    if (context->errbuf == NULL || context->errlen == 0) return;
    snprintf(context->errbuf, context->errlen, "%s", message ? message : "unknown libpng error");
}

static void on_error(png_structp png, png_const_charp message) {
    error_context *context = (error_context *)png_get_error_ptr(png);
    write_message(context, message);
    longjmp(context->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
} read_cursor;

static void read_from_memory(png_structp png, png_bytep target, png_size_t count) {
    read_cursor *cursor = (read_cursor *)png_get_io_ptr(png);
    if (count > cursor->length - cursor->offset) {
        png_error(png, "file is truncated");
        return;
    }
    memcpy(target, cursor->data + cursor->offset, count);
    cursor->offset += count;
}

int cpng_decode(const uint8_t *data, size_t length, uint64_t max_pixels,
                cpng_image *out, char *errbuf, size_t errlen) {
    memset(out, 0, sizeof(*out));
    if (length < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        if (errbuf && errlen) snprintf(errbuf, errlen, "not a PNG file (bad signature)");
        return CPNG_ERROR_SIGNATURE;
    }
    error_context context;
    context.errbuf = errbuf;
    context.errlen = errlen;
    read_cursor cursor = {data, length, 0};

    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    if (!png) return CPNG_ERROR_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return CPNG_ERROR_NO_MEMORY;
    }
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    volatile int status = CPNG_ERROR_LIBPNG;

    if (setjmp(context.jump)) {
        free(pixels);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return status;
    }
    png_set_read_fn(png, &cursor, read_from_memory);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    out->color_type = color_type;
    out->bit_depth = bit_depth;
    out->interlaced = interlace != PNG_INTERLACE_NONE;
    if ((uint64_t)width * (uint64_t)height > max_pixels) {
        if (errbuf && errlen)
            snprintf(errbuf, errlen, "image is %ux%u pixels, more than the limit of %llu pixels",
                     (unsigned)width, (unsigned)height, (unsigned long long)max_pixels);
        status = CPNG_ERROR_TOO_LARGE;
        longjmp(context.jump, 1);
    }

    // Normalise every colour type and depth to 8-bit RGBA.
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA)
        png_set_gray_to_rgb(png);
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    size_t rowbytes = png_get_rowbytes(png, info);
    if (rowbytes != (size_t)width * 4) {
        if (errbuf && errlen) snprintf(errbuf, errlen, "unsupported pixel layout after conversion");
        longjmp(context.jump, 1);
    }
    pixels = (uint8_t *)malloc(rowbytes * (size_t)height + 1);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * ((size_t)height + 1));
    if (!pixels || !rows) {
        status = CPNG_ERROR_NO_MEMORY;
        if (errbuf && errlen) snprintf(errbuf, errlen, "out of memory");
        longjmp(context.jump, 1);
    }
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * rowbytes;
    png_read_image(png, rows);
    png_read_end(png, NULL);

    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    out->width = width;
    out->height = height;
    out->pixels = pixels;
    return CPNG_OK;
}

void cpng_free(void *pointer) { free(pointer); }

const char *cpng_libpng_version(void) {
    return png_get_libpng_ver(NULL);
}
