#include "CKernels.h"
#include "CPrefetch.h"

#include <string.h>

// Results must match the Swift formulas bit for bit: no fused multiply-add.
#pragma STDC FP_CONTRACT OFF

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define CK_SANITIZED 1
#endif
#endif

// One clone per instruction set, chosen by an ifunc resolver when the program loads.
// Not under a sanitizer: the resolver runs before the sanitizer's runtime is set up, and
// its instrumented entry would crash the program there.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(CK_SANITIZED)
#define CK_MULTIVERSION __attribute__((target_clones("avx2", "default")))
#else
#define CK_MULTIVERSION
#endif

/// round(a·b/255) for a, b ≤ 255 (PixelMath.mulDiv255).
static inline uint32_t ck_mul_div255(uint32_t a, uint32_t b) {
    uint32_t x = a * b + 128u;
    return (x + (x >> 8)) >> 8;
}

/// Every channel of `p` times scale/255, rounded (PixelMath.scale).
static inline uint32_t ck_scale(uint32_t p, uint32_t scale) {
    uint32_t rb = (p & 0x00FF00FFu) * scale + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * scale + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

/// s + d·(255 − s.alpha)/255 (PixelMath.sourceOver).
static inline uint32_t ck_source_over(uint32_t s, uint32_t d) {
    return s + ck_scale(d, 255u - (s >> 24));
}

/// (a·w + b·(255 − w))/255 per channel, rounded once (PixelMath.mix).
static inline uint32_t ck_mix(uint32_t a, uint32_t b, uint32_t w) {
    uint32_t iw = 255u - w;
    uint32_t rb = (a & 0x00FF00FFu) * w + (b & 0x00FF00FFu) * iw + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((a >> 8) & 0x00FF00FFu) * w + ((b >> 8) & 0x00FF00FFu) * iw + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

// Eight pixels at a time, in clang's generic vectors (AVX2 registers in the AVX2 clone,
// pairs of SSE2 registers in the baseline one). The products of `ck_scale8` are taken in
// 16-bit lanes: each half of a 32-bit word holds one channel (at most 255) times a scale
// of at most 255, so no carry crosses into the other half and the words equal those of
// the 32-bit products of `ck_scale`, at half the cost.
typedef uint32_t ck_u32x8 __attribute__((vector_size(32)));
typedef uint16_t ck_u16x16 __attribute__((vector_size(32)));
typedef uint8_t ck_u8x8 __attribute__((vector_size(8)));
typedef uint8_t ck_u8x16 __attribute__((vector_size(16)));
typedef uint8_t ck_u8x32 __attribute__((vector_size(32)));
/// A lane mask of 32 comparisons, stored as 32 bits (bit i for lane i).
typedef _Bool ck_b32 __attribute__((ext_vector_type(32)));
typedef uint64_t ck_u64x4 __attribute__((vector_size(32)));
typedef int16_t ck_i16x16 __attribute__((vector_size(32)));
typedef int8_t ck_i8x16 __attribute__((vector_size(16)));
typedef uint32_t ck_u32x16 __attribute__((vector_size(64)));

#define ck_load8(p)                     \
    __extension__({                     \
        ck_u32x8 v_;                    \
        memcpy(&v_, (p), sizeof v_);    \
        v_;                             \
    })

#define ck_store8(p, v)                 \
    do {                                \
        ck_u32x8 w_ = (v);              \
        memcpy((p), &w_, sizeof w_);    \
    } while (0)

/// Eight coverages widened to 32-bit lanes.
#define ck_widen8(p)                                   \
    __extension__({                                    \
        ck_u8x8 b_;                                    \
        memcpy(&b_, (p), sizeof b_);                   \
        __builtin_convertvector(b_, ck_u32x8);         \
    })

// Macros rather than functions: a function taking or returning a 256-bit vector would
// take the ABI of the caller's instruction set, which differs between the clones.
#define ck_scale8(p, scale)                                                                       \
    __extension__({                                                                               \
        const ck_u32x8 mask_ = (ck_u32x8){0} + 0x00FF00FFu, half_ = (ck_u32x8){0} + 0x00800080u; \
        ck_u32x8 scale_ = (scale), p_ = (p);                                                      \
        ck_u16x16 s_ = (ck_u16x16)(scale_ | (scale_ << 16));                                      \
        ck_u16x16 rb_ = (ck_u16x16)((ck_u32x8)((ck_u16x16)(p_ & mask_) * s_) + half_);            \
        ck_u16x16 ag_ = (ck_u16x16)((ck_u32x8)((ck_u16x16)((p_ >> 8) & mask_) * s_) + half_);     \
        (ck_u32x8)ck_div257(rb_) | ((ck_u32x8)ck_div257(ag_) << 8);                              \
    })

/// ⌊y·257 / 65536⌋ in each 16-bit lane (the high half of the product), which for the
/// y = c·s + 128 of `ck_scale8` is ⌊(y + ⌊y / 256⌋) / 256⌋: y + y/256 and y + ⌊y/256⌋
/// differ by less than one, and the latter is a whole number.
#define ck_div257(y) \
    __builtin_convertvector((__builtin_convertvector((y), ck_u32x16) * 257u) >> 16, ck_u16x16)

/// s + d·(255 − s.alpha)/255 on eight pixels.
#define ck_source_over8(s, d)                              \
    __extension__({                                        \
        ck_u32x8 so_ = (s);                                \
        so_ + ck_scale8((d), 255u - (so_ >> 24));          \
    })

/// round(a·b/255) on eight lanes.
#define ck_mul_div255_8(a, b)                              \
    __extension__({                                        \
        ck_u32x8 x_ = (a) * (uint32_t)(b) + 128u;          \
        (x_ + (x_ >> 8)) >> 8;                             \
    })

CK_MULTIVERSION
void ck_blend_row(const uint32_t *s, uint32_t *d, size_t count, uint32_t alpha) {
    size_t i = 0;
    if (alpha == 255u) {
        for (; i + 8 <= count; i += 8) ck_store8(d + i, ck_source_over8(ck_load8(s + i), ck_load8(d + i)));
        for (; i < count; i++) d[i] = ck_source_over(s[i], d[i]);
        return;
    }
    uint32_t all = 0xFFFFFFFFu;
    for (size_t k = 0; k < count; k++) all &= s[k];
    if ((all >> 24) == 255u) {
        for (; i < count; i++) d[i] = ck_mix(s[i], d[i], alpha);
    } else {
        const ck_u32x8 a = (ck_u32x8){0} + alpha;
        for (; i + 8 <= count; i += 8) ck_store8(d + i, ck_source_over8(ck_scale8(ck_load8(s + i), a), ck_load8(d + i)));
        for (; i < count; i++) d[i] = ck_source_over(ck_scale(s[i], alpha), d[i]);
    }
}

CK_MULTIVERSION
void ck_mix_row(const uint32_t *s, uint32_t *d, size_t count, uint32_t alpha) {
    for (size_t i = 0; i < count; i++) d[i] = ck_mix(s[i], d[i], alpha);
}

CK_MULTIVERSION
void ck_source_over_solid(uint32_t *d, size_t count, uint32_t s) {
    uint32_t ia = 255u - (s >> 24);
    if (ia == 255u) return;
    size_t i = 0;
    const ck_u32x8 sv = (ck_u32x8){0} + s, iav = (ck_u32x8){0} + ia;
    for (; i + 8 <= count; i += 8) ck_store8(d + i, sv + ck_scale8(ck_load8(d + i), iav));
    for (; i < count; i++) d[i] = s + ck_scale(d[i], ia);
}

CK_MULTIVERSION
void ck_source_over_solid_padded(uint32_t *d, size_t pitch, size_t rows, size_t count, uint32_t s) {
    uint32_t ia = 255u - (s >> 24);
    if (ia == 255u) return;
    const ck_u32x8 sv = (ck_u32x8){0} + s, iav = (ck_u32x8){0} + ia;
    const ck_u32x8 lanes = {0, 1, 2, 3, 4, 5, 6, 7};
    const size_t whole = count & ~(size_t)7;
    // All ones in the lanes of the last step that the span reaches.
    const ck_u32x8 inside = (ck_u32x8)(lanes < (ck_u32x8){0} + (uint32_t)(count - whole));
    for (size_t y = 0; y < rows; y++, d += pitch) {
        // The row two below, asked for now, is in cache when its turn comes.
        if (y + 2 < rows) cprefetch_write_span(d + 2 * pitch, count * 4);
        for (size_t i = 0; i < whole; i += 8) ck_store8(d + i, sv + ck_scale8(ck_load8(d + i), iav));
        if (whole < count) {
            ck_u32x8 old = ck_load8(d + whole);
            ck_u32x8 blended = sv + ck_scale8(old, iav);
            ck_store8(d + whole, (blended & inside) | (old & ~inside));
        }
    }
}

CK_MULTIVERSION
void ck_fill_rows(uint32_t *d, size_t pitch, size_t rows, size_t count, uint32_t s) {
    const ck_u32x8 sv = (ck_u32x8){0} + s;
    for (size_t y = 0; y < rows; y++, d += pitch) {
        // The row two below, asked for now, is in cache when its turn comes.
        if (y + 2 < rows) cprefetch_write_span(d + 2 * pitch, count * 4);
        if (count < 8) {
            for (size_t i = 0; i < count; i++) d[i] = s;
            continue;
        }
        // Eight pixels a step; the last step ends at `count`, over pixels already set.
        for (size_t i = 0; i + 8 < count; i += 8) ck_store8(d + i, sv);
        ck_store8(d + count - 8, sv);
    }
}

CK_MULTIVERSION
void ck_source_over_solid_column(uint32_t *d, size_t pitch, size_t count, uint32_t s) {
    uint32_t ia = 255u - (s >> 24);
    if (ia == 255u) return;
    const ck_u32x8 sv = (ck_u32x8){0} + s, iav = (ck_u32x8){0} + ia;
    size_t k = 0;
    for (; k + 8 <= count; k += 8) {
        uint32_t *p = d + k * pitch;
        ck_u32x8 v = {p[0], p[pitch], p[2 * pitch], p[3 * pitch], p[4 * pitch], p[5 * pitch], p[6 * pitch], p[7 * pitch]};
        v = sv + ck_scale8(v, iav);
        for (size_t j = 0; j < 8; j++) p[j * pitch] = v[j];
    }
    for (; k < count; k++) d[k * pitch] = s + ck_scale(d[k * pitch], ia);
}

/// The whole eight-pixel steps of ck_source_over_solid_coverage; returns the pixels done.
/// Inlined into each clone (it takes no vector, so its ABI is the same in all).
static inline __attribute__((always_inline)) size_t ck_solid_coverage_steps(uint32_t *d, const uint8_t *coverage,
                                                                            size_t count, uint32_t color,
                                                                            uint32_t opacity) {
    size_t i = 0;
    const ck_u32x8 c = (ck_u32x8){0} + color;
    if (opacity == 255u) {
        for (; i + 8 <= count; i += 8) {
            ck_store8(d + i, ck_source_over8(ck_scale8(c, ck_widen8(coverage + i)), ck_load8(d + i)));
        }
    } else {
        for (; i + 8 <= count; i += 8) {
            ck_u32x8 a = ck_mul_div255_8(ck_widen8(coverage + i), opacity);
            ck_store8(d + i, ck_source_over8(ck_scale8(c, a), ck_load8(d + i)));
        }
    }
    return i;
}

CK_MULTIVERSION
void ck_source_over_solid_coverage(uint32_t *d, const uint8_t *coverage, size_t count, uint32_t color,
                                   uint32_t opacity) {
    size_t i = ck_solid_coverage_steps(d, coverage, count, color, opacity);
    for (; i < count; i++) d[i] = ck_source_over(ck_scale(color, ck_mul_div255(coverage[i], opacity)), d[i]);
}

CK_MULTIVERSION
void ck_source_over_solid_coverage_padded(uint32_t *d, const uint8_t *coverage, size_t count, uint32_t color,
                                          uint32_t opacity) {
    size_t i = ck_solid_coverage_steps(d, coverage, count, color, opacity);
    if (i < count) {
        const ck_u32x8 c = (ck_u32x8){0} + color;
        uint8_t padded[8] = {0};
        memcpy(padded, coverage + i, count - i);
        ck_u32x8 a = ck_widen8(padded);
        if (opacity != 255u) a = ck_mul_div255_8(a, opacity);
        ck_store8(d + i, ck_source_over8(ck_scale8(c, a), ck_load8(d + i)));
    }
}

CK_MULTIVERSION
void ck_glyph_mask_solid(uint32_t *d, size_t pitch, const uint8_t *mask, size_t mask_stride, size_t width,
                         size_t height, uint32_t color, uint32_t opacity, int padded) {
    size_t steps = padded ? (width + 7) >> 3 : width >> 3;
    // An opaque colour at full coverage replaces the pixels: the result of source-over,
    // without the arithmetic (stems of dark text on any background).
    int opaque = (color >> 24) == 255u && opacity == 255u;
    const ck_u32x8 c = (ck_u32x8){0} + color;
    for (size_t y = 0; y < height; y++) {
        const uint8_t *m = mask + y * mask_stride;
        uint32_t *row = d + y * pitch;
        for (size_t k = 0; k < steps; k++) {
            const uint8_t *mk = m + 8 * k;
            uint32_t *dk = row + 8 * k;
            uint64_t bytes;
            memcpy(&bytes, mk, sizeof bytes);
            if (bytes == 0) continue;
            if (opaque && bytes == UINT64_MAX) {
                ck_store8(dk, c);
                continue;
            }
            ck_u32x8 a = ck_widen8(mk);
            if (opacity != 255u) a = ck_mul_div255_8(a, opacity);
            ck_store8(dk, ck_source_over8(ck_scale8(c, a), ck_load8(dk)));
        }
        if (!padded) {
            for (size_t i = steps << 3; i < width; i++) {
                row[i] = ck_source_over(ck_scale(color, ck_mul_div255(m[i], opacity)), row[i]);
            }
        }
    }
}

CK_MULTIVERSION
void ck_source_over_coverage(uint32_t *d, const uint32_t *s, const uint8_t *coverage, size_t count) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        ck_store8(d + i, ck_source_over8(ck_scale8(ck_load8(s + i), ck_widen8(coverage + i)), ck_load8(d + i)));
    }
    for (; i < count; i++) d[i] = ck_source_over(ck_scale(s[i], coverage[i]), d[i]);
}

CK_MULTIVERSION
void ck_source_over_coverage_padded(uint32_t *d, const uint32_t *s, const uint8_t *coverage, size_t count) {
    for (size_t i = 0; i < count; i += 8) {
        ck_store8(d + i, ck_source_over8(ck_scale8(ck_load8(s + i), ck_widen8(coverage + i)), ck_load8(d + i)));
    }
}

CK_MULTIVERSION
void ck_multiply_coverage(uint8_t *coverage, const uint8_t *mask, size_t count) {
    for (size_t i = 0; i < count; i++) coverage[i] = (uint8_t)ck_mul_div255(coverage[i], mask[i]);
}

CK_MULTIVERSION
void ck_fade_coverage(uint8_t *coverage, const uint8_t *alphas, size_t count, uint32_t opacity) {
    for (size_t i = 0; i < count; i++) coverage[i] = (uint8_t)ck_mul_div255(alphas[i], opacity);
}

CK_MULTIVERSION
void ck_box_across(const uint8_t *source, uint8_t *destination, size_t n, size_t lines, size_t left,
                   size_t right, uint32_t *sums) {
    if (lines == 0) return;
    size_t size = left + right + 1;
    uint64_t inv = (UINT64_C(1) << 24) / size + 1;
    memset(sums, 0, n * sizeof *sums);
    size_t first = right < lines - 1 ? right : lines - 1;
    for (size_t r = 0; r <= first; r++) {
        const uint8_t *line = source + r * n;
        for (size_t i = 0; i < n; i++) sums[i] += line[i];
    }
    // sum·inv + 2^23 stays below 2^32 while 255·size < 2^23, so 32-bit lanes suffice.
    int narrow = 255 * (uint64_t)size < (UINT64_C(1) << 23);
    uint32_t inv32 = (uint32_t)inv;
    for (size_t y = 0; y < lines; y++) {
        uint8_t *out = destination + y * n;
        if (narrow) {
            for (size_t i = 0; i < n; i++) {
                uint32_t v = (sums[i] * inv32 + (1u << 23)) >> 24;
                out[i] = (uint8_t)(v < 255u ? v : 255u);
            }
        } else {
            for (size_t i = 0; i < n; i++) {
                uint64_t v = ((uint64_t)sums[i] * inv + (UINT64_C(1) << 23)) >> 24;
                out[i] = (uint8_t)(v < 255u ? v : 255u);
            }
        }
        size_t add = y + right + 1;
        int removes = y >= left;
        const uint8_t *old = removes ? source + (y - left) * n : NULL;
        if (add < lines) {
            const uint8_t *line = source + add * n;
            if (old) {
                for (size_t i = 0; i < n; i++) sums[i] = sums[i] + line[i] - old[i];
            } else {
                for (size_t i = 0; i < n; i++) sums[i] += line[i];
            }
        } else if (old) {
            for (size_t i = 0; i < n; i++) sums[i] -= old[i];
        }
    }
}

CK_MULTIVERSION
void ck_convolve_across(const uint8_t *source, uint8_t *destination, size_t n, size_t lines,
                        const uint32_t *kernel, size_t radius, uint32_t *acc) {
    // Weights sum to 65536, so acc ≤ 255·65536 + 32768 fits 32 bits.
    for (size_t y = 0; y < lines; y++) {
        for (size_t i = 0; i < n; i++) acc[i] = 32768u;
        size_t from = y >= radius ? y - radius : 0;
        size_t to = y + radius < lines - 1 ? y + radius : lines - 1;
        for (size_t j = from; j <= to; j++) {
            uint32_t weight = kernel[j + radius - y];
            const uint8_t *line = source + j * n;
            for (size_t i = 0; i < n; i++) acc[i] += line[i] * weight;
        }
        uint8_t *out = destination + y * n;
        for (size_t i = 0; i < n; i++) {
            uint32_t v = acc[i] >> 16;
            out[i] = (uint8_t)(v < 255u ? v : 255u);
        }
    }
}

/// ⌊v⌋ & mask for 0 ≤ v < 2^23: 2^23 added to an integral single leaves the integer in
/// the low mantissa bits (the single-precision form of PaintShader.tableIndex's 2^52
/// trick). Any input, NaN included, stays in mask.
static inline uint32_t ck_table_index(float v, uint32_t mask) {
    float shifted = __builtin_elementwise_floor(v) + 8388608.0f;
    uint32_t bits;
    memcpy(&bits, &shifted, sizeof bits);
    return bits & mask;
}

typedef double ck_f64x4 __attribute__((ext_vector_type(4)));
typedef int64_t ck_i64x4 __attribute__((ext_vector_type(4)));

/// Lanes of `a` where `mask` is all ones, of `b` elsewhere (a macro: a function taking
/// four-double vectors would change its calling convention between the clones).
#define CK_SELECT_F64(mask, a, b) ((ck_f64x4)((((ck_i64x4)(a)) & (mask)) | (((ck_i64x4)(b)) & ~(mask))))

typedef uint32_t ck_u32x4 __attribute__((ext_vector_type(4)));

/// One channel of four entries: start + delta·f per lane, clamped to 0...1 as Swift's
/// comparisons make it (a NaN stays a NaN), times 255 and rounded half away from zero:
/// ⌊y⌋ by the 2^52 addition, and a comparison's lane (−1 where true) subtracted to add
/// the rounding's one; unfused, in `Gradient.pack`'s order. (A macro, as `CK_WIDE4`.)
#define CK_GRADIENT_CHANNEL4(start, delta, f)                                                        \
    __extension__({                                                                                  \
        const ck_f64x4 zero_ = 0.0, one_ = 1.0, half_ = 0.5, magic_ = 4503599627370496.0;            \
        ck_f64x4 product_ = (ck_f64x4)(delta) * (f);                                                 \
        ck_f64x4 v_ = (ck_f64x4)(start) + product_;                                                  \
        v_ = CK_SELECT_F64(zero_ >= v_, zero_, v_);                                                  \
        v_ = CK_SELECT_F64(one_ < v_, one_, v_);                                                     \
        ck_f64x4 y_ = v_ * 255.0;                                                                    \
        ck_f64x4 nearest_ = (y_ + magic_) - magic_;                                                  \
        ck_f64x4 down_ = CK_SELECT_F64(nearest_ > y_, nearest_ - 1.0, nearest_);                     \
        ck_i64x4 whole_ = (ck_i64x4)(down_ + magic_);                                                \
        __builtin_convertvector(whole_ - (ck_i64x4)(y_ - down_ >= half_), ck_u32x4);                 \
    })

CK_MULTIVERSION
void ck_gradient_entries(uint32_t *table, int32_t from, int32_t to, int32_t n, double s0, double span,
                         ck_rgba_f64 c0, ck_rgba_f64 delta) {
    const double last = (double)(n - 1);
    const ck_f64x4 steps = {0.0, 1.0, 2.0, 3.0};
    // Four entries a step, each channel in a vector of its own; the last step stores only
    // the entries up to `to` (its other lanes are worked out and dropped).
    for (int32_t i = from; i < to; i += 4) {
        ck_f64x4 t = ((ck_f64x4)(double)i + steps) / last;
        ck_f64x4 f = span > 0 ? (t - s0) / span : (ck_f64x4)1.0;
        ck_u32x4 r = CK_GRADIENT_CHANNEL4(c0.r, delta.r, f), g = CK_GRADIENT_CHANNEL4(c0.g, delta.g, f);
        ck_u32x4 b = CK_GRADIENT_CHANNEL4(c0.b, delta.b, f), a = CK_GRADIENT_CHANNEL4(c0.a, delta.a, f);
        ck_u32x4 packed = (r < a ? r : a) | (g < a ? g : a) << 8 | (b < a ? b : a) << 16 | a << 24;
        const int32_t kept = to - i < 4 ? to - i : 4;
        memcpy(table + i, &packed, (size_t)kept * sizeof(uint32_t));
    }
}

CK_MULTIVERSION
void ck_linear_indices(uint32_t *out, int32_t count, float start, float step, float top, uint32_t mask) {
    for (int32_t i = 0; i < count; i++) {
        float v = start + step * (float)i;
        out[i] = ck_table_index(v < 0 ? 0 : (v > top ? top : v), mask);
    }
}

CK_MULTIVERSION
void ck_radial_indices(uint32_t *out, int32_t count, float x0, float y0, float dx, float dy, float scale,
                       float top, uint32_t mask) {
    for (int32_t i = 0; i < count; i++) {
        float x = x0 + dx * (float)i, y = y0 + dy * (float)i;
        float v = __builtin_elementwise_sqrt(x * x + y * y) * scale + 0.5f;
        out[i] = ck_table_index(v > top ? top : v, mask);
    }
}

/// A packed pixel's four channels in the four 16-bit lanes of a word.
static inline uint64_t ck_widen(uint32_t p) {
    uint64_t x = p;
    x = (x | x << 16) & 0x0000FFFF0000FFFFull;
    return (x | x << 8) & 0x00FF00FF00FF00FFull;
}

/// Back from four 16-bit lanes (each at most 255) to a packed pixel.
static inline uint32_t ck_narrow(uint64_t x) {
    x = (x | x >> 8) & 0x0000FFFF0000FFFFull;
    return (uint32_t)(x | x >> 16);
}

/// ⌊(a·(256 − w) + b·w) / 256⌋ per channel of widened pixels (ImageSampler.mix).
static inline uint64_t ck_mix_wide(uint64_t a, uint64_t b, uint64_t w) {
    return ((a * (256 - w) + b * w) >> 8) & 0x00FF00FF00FF00FFull;
}

/// Four pixels (bytes) as sixteen 16-bit lanes. (Macros: a function may not pass 256-bit
/// vectors in the clone built without AVX.)
#define CK_WIDE4(p) __builtin_convertvector((p), ck_u16x16)

/// ⌊(a·(256 − w) + b·w) / 256⌋ per 16-bit lane; no lane overflows, as a·(256 − w) + b·w
/// is at most 255·256.
#define CK_MIX16(a, b, w) (((a) * ((ck_u16x16){0} + 256 - (w)) + (b) * (w)) >> 8)

CK_MULTIVERSION
void ck_bilinear_span(uint32_t *out, size_t count, const uint32_t *pixels, size_t stride, uint32_t u, uint32_t v,
                      uint32_t du, uint32_t dv, uint32_t opacity) {
    size_t i = 0;
    // Four samples a step: their four neighbours read pixel by pixel, the blends in
    // 16-bit lanes, each sample's weights spread over its four channels.
    for (; i + 4 <= count; i += 4) {
        uint32_t q00[4], q01[4], q10[4], q11[4];
        uint16_t wx[16], wy[16];
        for (int k = 0; k < 4; k++) {
            uint32_t uk = u + (uint32_t)k * du, vk = v + (uint32_t)k * dv;
            const uint32_t *p = pixels + (size_t)(vk >> 16) * stride + (uk >> 16);
            q00[k] = p[0]; q01[k] = p[1]; q10[k] = p[stride]; q11[k] = p[stride + 1];
            uint16_t fx = (uk >> 8) & 0xFF, fy = (vk >> 8) & 0xFF;
            wx[4 * k] = wx[4 * k + 1] = wx[4 * k + 2] = wx[4 * k + 3] = fx;
            wy[4 * k] = wy[4 * k + 1] = wy[4 * k + 2] = wy[4 * k + 3] = fy;
        }
        ck_u8x16 b00, b01, b10, b11;
        memcpy(&b00, q00, 16); memcpy(&b01, q01, 16); memcpy(&b10, q10, 16); memcpy(&b11, q11, 16);
        ck_u16x16 fx, fy;
        memcpy(&fx, wx, 32); memcpy(&fy, wy, 32);
        ck_u16x16 top = CK_MIX16(CK_WIDE4(b00), CK_WIDE4(b01), fx);
        ck_u16x16 bottom = CK_MIX16(CK_WIDE4(b10), CK_WIDE4(b11), fx);
        ck_u8x16 blended = __builtin_convertvector(CK_MIX16(top, bottom, fy), ck_u8x16);
        uint32_t result[4];
        memcpy(result, &blended, 16);
        for (int k = 0; k < 4; k++) out[i + k] = opacity == 255 ? result[k] : ck_scale(result[k], opacity);
        u += 4 * du;
        v += 4 * dv;
    }
    for (; i < count; i++) {
        const uint32_t *p = pixels + (size_t)(v >> 16) * stride + (u >> 16);
        uint64_t fx = (u >> 8) & 0xFF, fy = (v >> 8) & 0xFF;
        uint64_t top = ck_mix_wide(ck_widen(p[0]), ck_widen(p[1]), fx);
        uint64_t bottom = ck_mix_wide(ck_widen(p[stride]), ck_widen(p[stride + 1]), fx);
        uint32_t pixel = ck_narrow(ck_mix_wide(top, bottom, fy));
        out[i] = opacity == 255 ? pixel : ck_scale(pixel, opacity);
        u += du;
        v += dv;
    }
}

/// The Paeth predictor (PNG specification 9.4).
static inline uint8_t ck_paeth(uint8_t left, uint8_t up, uint8_t upLeft) {
    int a = left, b = up, c = upLeft;
    int pa = b - c, pb = a - c, pc = a + b - 2 * c;
    pa = pa < 0 ? -pa : pa;
    pb = pb < 0 ? -pb : pb;
    pc = pc < 0 ? -pc : pc;
    uint8_t bOrC = pb <= pc ? up : upLeft;
    return pa <= pb && pa <= pc ? left : bOrC;
}

CK_MULTIVERSION
void ck_png_filter(uint8_t type, const uint8_t *row, const uint8_t *previous, size_t count, uint8_t *out) {
    const size_t bpp = 4;
    size_t head = count < bpp ? count : bpp;
    switch (type) {
    case 1:
        memcpy(out, row, head);
        for (size_t i = head; i < count; i++) out[i] = (uint8_t)(row[i] - row[i - bpp]);
        break;
    case 2:
        for (size_t i = 0; i < count; i++) out[i] = (uint8_t)(row[i] - previous[i]);
        break;
    case 3:
        for (size_t i = 0; i < head; i++) out[i] = (uint8_t)(row[i] - (previous[i] >> 1));
        for (size_t i = head; i < count; i++) {
            out[i] = (uint8_t)(row[i] - (uint8_t)(((unsigned)row[i - bpp] + previous[i]) >> 1));
        }
        break;
    case 4: {
        for (size_t i = 0; i < head; i++) out[i] = (uint8_t)(row[i] - previous[i]);
        // Thirty-two bytes a step, all in 8-bit lanes. pa = |b − c| and pb = |a − c| fit a
        // byte; pc = |(b − c) + (a − c)| is pa + pb when the two differences have the same
        // sign and |pa − pb| otherwise. In the first case pc is at least pa and pb, so
        // saturating the sum at 255 changes no comparison.
        size_t i = head;
        for (; i + 32 <= count; i += 32) {
            ck_u8x32 x, a, b, c;
            memcpy(&x, row + i, 32);
            memcpy(&a, row + i - bpp, 32);
            memcpy(&b, previous + i, 32);
            memcpy(&c, previous + i - bpp, 32);
            ck_u8x32 pa = __builtin_elementwise_max(b, c) - __builtin_elementwise_min(b, c);
            ck_u8x32 pb = __builtin_elementwise_max(a, c) - __builtin_elementwise_min(a, c);
            ck_u8x32 sameSign = (ck_u8x32)((b >= c) == (a >= c));
            ck_u8x32 sum = __builtin_elementwise_add_sat(pa, pb);
            ck_u8x32 difference = __builtin_elementwise_max(pa, pb) - __builtin_elementwise_min(pa, pb);
            ck_u8x32 pc = (sum & sameSign) | (difference & ~sameSign);
            ck_u8x32 useA = (ck_u8x32)((pa <= pb) & (pa <= pc)), useB = (ck_u8x32)(pb <= pc);
            ck_u8x32 bOrC = (b & useB) | (c & ~useB);
            ck_u8x32 predictor = (a & useA) | (bOrC & ~useA);
            ck_u8x32 residual = x - predictor;
            memcpy(out + i, &residual, 32);
        }
        for (; i < count; i++) {
            out[i] = (uint8_t)(row[i] - ck_paeth(row[i - bpp], previous[i], previous[i - bpp]));
        }
        break;
    }
    default:
        memcpy(out, row, count);
        break;
    }
}

CK_MULTIVERSION
size_t ck_run_length(const uint8_t *bytes, uint8_t value, size_t limit) {
    size_t i = 0;
    ck_u8x32 pattern = (ck_u8x32){0} + value;
    if (limit >= 32) {
        // Thirty-two bytes a step; the last step ends at `limit`, overlapping the one
        // before it (whose bytes are known to match).
        for (;; i += 32) {
            if (i + 32 > limit) i = limit - 32;
            ck_u8x32 block;
            memcpy(&block, bytes + i, 32);
            ck_b32 equal = __builtin_convertvector(block == pattern, ck_b32);
            uint32_t same;
            memcpy(&same, &equal, 4);
            if (same != 0xFFFFFFFFu) return i + (size_t)__builtin_ctz(~same);
            if (i + 32 == limit) return limit;
        }
    }
    uint64_t pattern8 = value * 0x0101010101010101ull;
    for (; i + 8 <= limit; i += 8) {
        uint64_t word;
        memcpy(&word, bytes + i, 8);
        word ^= pattern8;
        if (word != 0) return i + ((size_t)__builtin_ctzll(word) >> 3);
    }
    while (i < limit && bytes[i] == value) i++;
    return i;
}

CK_MULTIVERSION
size_t ck_rle_literals(const uint8_t *bytes, size_t available, uint16_t *symbols, size_t room, uint32_t *frequencies) {
    size_t count = 0;
    // A run starts at i when bytes i, i + 1 and i + 2 all equal byte i − 1. Thirty-two
    // comparisons with the byte before give the starts of the first thirty positions.
    while (count + 32 <= available && count < room) {
        ck_u8x32 current, previous;
        memcpy(&current, bytes + count, 32);
        memcpy(&previous, bytes + count - 1, 32);
        ck_b32 equal = __builtin_convertvector(current == previous, ck_b32);
        uint32_t same;
        memcpy(&same, &equal, 4);
        uint32_t starts = same & (same >> 1) & (same >> 2) & 0x3FFFFFFFu;
        size_t take = starts ? (size_t)__builtin_ctz(starts) : 30;
        if (take > room - count) take = room - count;
        ck_u16x16 low = __builtin_convertvector(__builtin_shufflevector(current, current, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), ck_u16x16);
        ck_u16x16 high = __builtin_convertvector(__builtin_shufflevector(current, current, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31), ck_u16x16);
        memcpy(symbols + count, &low, 32);
        memcpy(symbols + count + 16, &high, 32);
        for (size_t k = 0; k < take; k++) frequencies[bytes[count + k]]++;
        count += take;
        if (starts) break;
    }
    return count;
}

CK_MULTIVERSION
uint64_t ck_png_filter_cost(const uint8_t *residuals, size_t count) {
    uint64_t total = 0;
    size_t i = 0;
    // Sixteen 16-bit sums at a time; 256 steps of at most 128 cannot overflow them.
    while (count - i >= 16) {
        size_t steps = (count - i) / 16;
        if (steps > 256) steps = 256;
        ck_u16x16 sums = {0};
        for (size_t k = 0; k < steps; k++, i += 16) {
            ck_i8x16 bytes;
            memcpy(&bytes, residuals + i, 16);
            ck_i16x16 v = __builtin_convertvector(bytes, ck_i16x16);
            sums += (ck_u16x16)((v ^ (v >> 15)) - (v >> 15));
        }
        for (int lane = 0; lane < 16; lane++) total += sums[lane];
    }
    for (; i < count; i++) {
        int v = (int8_t)residuals[i];
        total += (uint32_t)(v < 0 ? -v : v);
    }
    return total;
}

// MARK: Image comparison

/// The pixel composited over white (premultiplied c over white is c + 255 − a), as the
/// Swift formulas compute it: (c + 255) − a in doubles.
static inline double ck_over_white(uint32_t p, unsigned shift) {
    return ((double)((p >> shift) & 0xFFu) + 255.0) - (double)(p >> 24);
}

static inline double ck_luma(uint32_t p) {
    return (0.29889531 * ck_over_white(p, 0) + 0.58662247 * ck_over_white(p, 8)) + 0.11448223 * ck_over_white(p, 16);
}

/// Squared YIQ distance of the two pixels over white (PerceptualDistance).
static inline double ck_yiq_squared(uint32_t p, uint32_t q) {
    double dr = ck_over_white(p, 0) - ck_over_white(q, 0);
    double dg = ck_over_white(p, 8) - ck_over_white(q, 8);
    double db = ck_over_white(p, 16) - ck_over_white(q, 16);
    double y = (0.29889531 * dr + 0.58662247 * dg) + 0.11448223 * db;
    double i = (0.59597799 * dr - 0.27417610 * dg) - 0.32180189 * db;
    double q2 = (0.21147017 * dr - 0.52261711 * dg) + 0.31114694 * db;
    return (0.5053 * y * y + 0.299 * i * i) + 0.1957 * q2 * q2;
}

static inline uint32_t ck_channel_difference(uint32_t a, uint32_t b) {
    uint32_t m = 0;
    for (unsigned shift = 0; shift < 32; shift += 8) {
        int d = (int)((a >> shift) & 0xFFu) - (int)((b >> shift) & 0xFFu);
        uint32_t ad = (uint32_t)(d < 0 ? -d : d);
        if (ad > m) m = ad;
    }
    return m;
}

/// One image of a comparison: pixel (0, 0), the row stride, and the shared size.
typedef struct {
    const uint32_t *pixels;
    size_t stride, width, height;
} ck_image;

/// Three or more of the pixel's neighbours (the image border counting as one) are
/// identical to it.
static int ck_in_flat_area(ck_image im, size_t x, size_t y) {
    size_t x0 = x > 0 ? x - 1 : 0, x1 = x + 1 < im.width ? x + 1 : im.width - 1;
    size_t y0 = y > 0 ? y - 1 : 0, y1 = y + 1 < im.height ? y + 1 : im.height - 1;
    int equal = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0;
    uint32_t centre = im.pixels[y * im.stride + x];
    for (size_t ny = y0; ny <= y1; ny++) {
        const uint32_t *row = im.pixels + ny * im.stride;
        for (size_t nx = x0; nx <= x1; nx++) {
            if ((nx != x || ny != y) && row[nx] == centre && ++equal > 2) return 1;
        }
    }
    return 0;
}

/// Whether pixel (x, y) of `im` looks like anti-aliasing of an edge `other` also has:
/// it sits on a luma ramp (at most two neighbours, the border counting as one, share
/// its luma, and it has a darker and a brighter neighbour), and its darkest or its
/// brightest neighbour lies in a flat area in both images.
static int ck_is_antialiased(ck_image im, ck_image other, size_t x, size_t y) {
    size_t x0 = x > 0 ? x - 1 : 0, x1 = x + 1 < im.width ? x + 1 : im.width - 1;
    size_t y0 = y > 0 ? y - 1 : 0, y1 = y + 1 < im.height ? y + 1 : im.height - 1;
    int equal = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0;
    double centre = ck_luma(im.pixels[y * im.stride + x]);
    double darkest = 0, brightest = 0;
    size_t dx = 0, dy = 0, bx = 0, by = 0;
    for (size_t ny = y0; ny <= y1; ny++) {
        const uint32_t *row = im.pixels + ny * im.stride;
        for (size_t nx = x0; nx <= x1; nx++) {
            if (nx == x && ny == y) continue;
            double delta = ck_luma(row[nx]) - centre;
            if (delta == 0) {
                if (++equal > 2) return 0;
            } else if (delta < darkest) {
                darkest = delta;
                dx = nx;
                dy = ny;
            } else if (delta > brightest) {
                brightest = delta;
                bx = nx;
                by = ny;
            }
        }
    }
    if (darkest == 0 || brightest == 0) return 0;
    return (ck_in_flat_area(im, dx, dy) && ck_in_flat_area(other, dx, dy))
        || (ck_in_flat_area(im, bx, by) && ck_in_flat_area(other, bx, by));
}

/// The index of the first pixel at or after `x` whose words differ, or `width`.
static inline size_t ck_next_change(const uint32_t *a, const uint32_t *e, size_t x, size_t width) {
    for (; x + 8 <= width; x += 8) {
        ck_u32x8 d = ck_load8(a + x) ^ ck_load8(e + x);
        uint64_t lanes[4];
        memcpy(lanes, &d, sizeof lanes);
        if ((lanes[0] | lanes[1] | lanes[2] | lanes[3]) != 0) break;
    }
    while (x < width && a[x] == e[x]) x++;
    return x;
}

CK_MULTIVERSION
void ck_compare_row(const uint32_t *actual, size_t actual_stride, const uint32_t *expected, size_t expected_stride,
                    size_t width, size_t height, size_t y, double limit_squared, int ignore_antialiasing,
                    uint8_t *classes, ck_compare_stats *stats) {
    ck_image act = {actual, actual_stride, width, height}, exp = {expected, expected_stride, width, height};
    const uint32_t *a = actual + y * actual_stride, *e = expected + y * expected_stride;
    ck_compare_stats s = {0};
    for (size_t x = ck_next_change(a, e, 0, width); x < width; x = ck_next_change(a, e, x + 1, width)) {
        s.changed++;
        uint32_t channel = ck_channel_difference(a[x], e[x]);
        if (channel > s.max_channel) s.max_channel = channel;
        double squared = ck_yiq_squared(a[x], e[x]);
        if (squared > s.max_squared) s.max_squared = squared;
        uint8_t cls = 3;
        if (limit_squared >= 0) {
            if (squared <= limit_squared) {
                cls = 1;
            } else if (ignore_antialiasing && (ck_is_antialiased(act, exp, x, y) || ck_is_antialiased(exp, act, x, y))) {
                cls = 2;
            }
        }
        classes[x] = cls;
        if (cls == 2) s.antialiasing++;
        if (cls == 3) {
            if (s.differing == 0) s.first_differing = x;
            s.end_differing = x + 1;
            s.differing++;
        }
    }
    *stats = s;
}
