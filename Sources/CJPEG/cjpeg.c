// libjpeg reports errors through error_exit, which must not return. Every libjpeg call
// in this file sits below a setjmp owned by this file, so an error unwinds only to here
// and becomes an error code plus libjpeg's message; Swift code never sees a longjmp.
#include "CJPEG.h"

#include <stdio.h>  /* before jpeglib.h, which uses FILE */
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *errbuf;
    size_t errlen;
} error_context;

static void on_error(j_common_ptr info) {
    error_context *context = (error_context *)info->err;
    char message[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, message);
    if (context->errbuf && context->errlen) snprintf(context->errbuf, context->errlen, "%s", message);
    longjmp(context->jump, 1);
}

/// Warnings are ignored (libjpeg recovers from them, as browsers do), except a file that
/// ends early: that is a truncated file, refused like any other corrupt data.
static void on_message(j_common_ptr info, int level) {
    if (level == -1 && info->err->msg_code == JWRN_JPEG_EOF) on_error(info);
}

/// The error manager every call installs: errors longjmp to `context->jump` with their
/// message in `errbuf`. Returns the manager for `info.err`.
static struct jpeg_error_mgr *install_errors(error_context *context, char *errbuf, size_t errlen) {
    struct jpeg_error_mgr *manager = jpeg_std_error(&context->base);
    context->base.error_exit = on_error;
    context->base.emit_message = on_message;
    context->errbuf = errbuf;
    context->errlen = errlen;
    return manager;
}

int cjpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int quality,
                 uint8_t **out, size_t *out_length, char *errbuf, size_t errlen) {
    struct jpeg_compress_struct info;
    error_context context;
    unsigned char *buffer = NULL;
    unsigned long size = 0;
    *out = NULL;
    *out_length = 0;
    info.err = install_errors(&context, errbuf, errlen);
    if (setjmp(context.jump)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return CJPEG_ERROR_LIBJPEG;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &size);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBX;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *out = buffer;
    *out_length = size;
    return CJPEG_OK;
}

int cjpeg_decode(const uint8_t *data, size_t length, uint64_t max_pixels,
                 uint32_t *width, uint32_t *height, uint8_t **pixels, char *errbuf, size_t errlen) {
    struct jpeg_decompress_struct info;
    error_context context;
    uint8_t *volatile result = NULL;
    *width = 0;
    *height = 0;
    *pixels = NULL;
    if (length < 3 || data[0] != 0xFF || data[1] != 0xD8 || data[2] != 0xFF) {
        if (errbuf && errlen) snprintf(errbuf, errlen, "not a JPEG file (bad signature)");
        return CJPEG_ERROR_SIGNATURE;
    }
    info.err = install_errors(&context, errbuf, errlen);
    if (setjmp(context.jump)) {
        jpeg_destroy_decompress(&info);
        free(result);
        return CJPEG_ERROR_LIBJPEG;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    if ((uint64_t)info.image_width * (uint64_t)info.image_height > max_pixels) {
        if (errbuf && errlen)
            snprintf(errbuf, errlen, "image is %ux%u pixels, more than the limit of %llu pixels",
                     info.image_width, info.image_height, (unsigned long long)max_pixels);
        jpeg_destroy_decompress(&info);
        return CJPEG_ERROR_TOO_LARGE;
    }
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    result = malloc(stride * info.output_height + 1);
    if (!result) {
        if (errbuf && errlen) snprintf(errbuf, errlen, "out of memory");
        jpeg_destroy_decompress(&info);
        return CJPEG_ERROR_NO_MEMORY;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = (JSAMPROW)(result + (size_t)info.output_scanline * stride);
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    *width = info.output_width;
    *height = info.output_height;
    *pixels = result;
    jpeg_destroy_decompress(&info);
    return CJPEG_OK;
}

void cjpeg_free(void *pointer) { free(pointer); }

const char *cjpeg_version(void) {
#ifdef LIBJPEG_TURBO_VERSION
#define CJPEG_STRINGIFY2(x) #x
#define CJPEG_STRINGIFY(x) CJPEG_STRINGIFY2(x)
    return CJPEG_STRINGIFY(LIBJPEG_TURBO_VERSION);
#else
    return "unknown";
#endif
}
