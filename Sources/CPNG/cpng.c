// libpng reports errors by longjmp. Every libpng call in this file sits below a
// setjmp owned by this file, so an error unwinds only to here and becomes an
// error code plus libpng's message; Swift code never sees a longjmp.
#include "CPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

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

static int buffer_append(cpng_buffer *buffer, const uint8_t *bytes, size_t count) {
    if (buffer->size + count > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->size + count) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(buffer->data, capacity);
        if (!grown) return 0;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, count);
    buffer->size += count;
    return 1;
}

static void write_to_buffer(png_structp png, png_bytep bytes, png_size_t count) {
    cpng_buffer *buffer = (cpng_buffer *)png_get_io_ptr(png);
    if (!buffer_append(buffer, bytes, count)) png_error(png, "out of memory");
}

static void flush_nothing(png_structp png) { (void)png; }

int cpng_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                cpng_encode_options options, cpng_buffer *out,
                char *errbuf, size_t errlen) {
    error_context context;
    context.errbuf = errbuf;
    context.errlen = errlen;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    if (!png) return CPNG_ERROR_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return CPNG_ERROR_NO_MEMORY;
    }
    if (setjmp(context.jump)) {
        png_destroy_write_struct(&png, &info);
        return CPNG_ERROR_LIBPNG;
    }
    png_set_write_fn(png, out, write_to_buffer, flush_nothing);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, options.compression_level);
    png_set_compression_strategy(png, options.strategy);
    if (options.filters != 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, options.filters);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgba + (size_t)y * stride));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return CPNG_OK;
}

int cpng_deflate(const uint8_t *data, size_t length, int level, int strategy,
                 cpng_buffer *out, char *errbuf, size_t errlen) {
    z_stream stream;
    memset(&stream, 0, sizeof(stream));
    if (deflateInit2(&stream, level, Z_DEFLATED, 15, 9, strategy) != Z_OK) {
        if (errbuf && errlen) snprintf(errbuf, errlen, "zlib could not start");
        return CPNG_ERROR_NO_MEMORY;
    }
    uLong bound = deflateBound(&stream, (uLong)length);
    if (out->capacity < out->size + bound) {
        uint8_t *grown = (uint8_t *)realloc(out->data, out->size + bound);
        if (!grown) {
            deflateEnd(&stream);
            return CPNG_ERROR_NO_MEMORY;
        }
        out->data = grown;
        out->capacity = out->size + bound;
    }
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)length;
    stream.next_out = out->data + out->size;
    stream.avail_out = (uInt)(out->capacity - out->size);
    int result = deflate(&stream, Z_FINISH);
    if (result != Z_STREAM_END) {
        deflateEnd(&stream);
        if (errbuf && errlen) snprintf(errbuf, errlen, "zlib could not finish the stream");
        return CPNG_ERROR_LIBPNG;
    }
    out->size += stream.total_out;
    deflateEnd(&stream);
    return CPNG_OK;
}

uint32_t cpng_crc32(uint32_t crc, const uint8_t *data, size_t length) {
    return (uint32_t)crc32_z(crc, data, length);
}

uint32_t cpng_adler32(uint32_t adler, const uint8_t *data, size_t length) {
    return (uint32_t)adler32_z(adler, data, length);
}

void cpng_free(void *pointer) { free(pointer); }
