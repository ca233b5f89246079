#include "CEmbeddedFonts.h"

#include <string.h>

#define CEF_DECLARE(symbol) \
    extern const unsigned char symbol##_start[]; \
    extern const unsigned char symbol##_end[];

CEF_DECLARE(cef_inter_regular)
CEF_DECLARE(cef_inter_medium)
CEF_DECLARE(cef_inter_semibold)
CEF_DECLARE(cef_inter_bold)
CEF_DECLARE(cef_dejavu)
CEF_DECLARE(cef_dejavu_bold)
CEF_DECLARE(cef_arabic)
CEF_DECLARE(cef_arabic_bold)
CEF_DECLARE(cef_devanagari)
CEF_DECLARE(cef_devanagari_bold)
CEF_DECLARE(cef_hebrew)
CEF_DECLARE(cef_hebrew_bold)
CEF_DECLARE(cef_thai)
CEF_DECLARE(cef_thai_bold)

struct cef_file {
    const char *name;
    const unsigned char *start;
    const unsigned char *end;
};

#define CEF_FILE(name, symbol) { name, symbol##_start, symbol##_end }

/// Every built-in file, in EmbeddedFonts.S's order.
static const struct cef_file cef_files[] = {
    CEF_FILE("Inter-Regular.otf", cef_inter_regular),
    CEF_FILE("Inter-Medium.otf", cef_inter_medium),
    CEF_FILE("Inter-SemiBold.otf", cef_inter_semibold),
    CEF_FILE("Inter-Bold.otf", cef_inter_bold),
    CEF_FILE("DejaVuSans.ttf", cef_dejavu),
    CEF_FILE("DejaVuSans-Bold.ttf", cef_dejavu_bold),
    CEF_FILE("NotoSansArabic-Regular.ttf", cef_arabic),
    CEF_FILE("NotoSansArabic-Bold.ttf", cef_arabic_bold),
    CEF_FILE("NotoSansDevanagari-Regular.ttf", cef_devanagari),
    CEF_FILE("NotoSansDevanagari-Bold.ttf", cef_devanagari_bold),
    CEF_FILE("NotoSansHebrew-Regular.ttf", cef_hebrew),
    CEF_FILE("NotoSansHebrew-Bold.ttf", cef_hebrew_bold),
    CEF_FILE("NotoSansThai-Regular.ttf", cef_thai),
    CEF_FILE("NotoSansThai-Bold.ttf", cef_thai_bold),
};

static const size_t cef_count = sizeof cef_files / sizeof cef_files[0];

const unsigned char *cef_font(const char *name, size_t *length) {
    for (size_t i = 0; i < cef_count; i++) {
        if (strcmp(cef_files[i].name, name) == 0) {
            *length = (size_t)(cef_files[i].end - cef_files[i].start);
            return cef_files[i].start;
        }
    }
    *length = 0;
    return NULL;
}

const char *cef_font_name(size_t index) {
    return index < cef_count ? cef_files[index].name : NULL;
}
