#include "CKernels.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define CK_MULTIVERSION __attribute__((target_clones("avx2", "default")))
#else
#define CK_MULTIVERSION
#endif

static inline uint32_t ck_scale(uint32_t p, uint32_t scale) {
    uint32_t rb = (p & 0x00FF00FFu) * scale + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * scale + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

static inline uint32_t ck_mix(uint32_t a, uint32_t b, uint32_t w) {
    uint32_t iw = 255u - w;
    uint32_t rb = (a & 0x00FF00FFu) * w + (b & 0x00FF00FFu) * iw + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((a >> 8) & 0x00FF00FFu) * w + ((b >> 8) & 0x00FF00FFu) * iw + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

CK_MULTIVERSION
void ck_blend_row(const uint32_t *s, uint32_t *d, size_t count, uint32_t alpha) {
    if (alpha == 255u) {
        for (size_t i = 0; i < count; i++) d[i] = s[i] + ck_scale(d[i], 255u - (s[i] >> 24));
        return;
    }
    uint32_t all = 0xFFFFFFFFu;
    for (size_t i = 0; i < count; i++) all &= s[i];
    if ((all >> 24) == 255u) {
        for (size_t i = 0; i < count; i++) d[i] = ck_mix(s[i], d[i], alpha);
    } else {
        for (size_t i = 0; i < count; i++) {
            uint32_t p = ck_scale(s[i], alpha);
            d[i] = p + ck_scale(d[i], 255u - (p >> 24));
        }
    }
}
