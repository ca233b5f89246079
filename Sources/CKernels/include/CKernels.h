#ifndef CKERNELS_H
#define CKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Hot pixel loops, compiled for AVX2 and for baseline x86-64 (and the default target
/// elsewhere) and chosen once at load time by the CPU (function multiversioning), so the
/// package needs no machine-specific build flags. Each gives exactly the integers (and
/// the IEEE single-precision results) of PixelMath's formulas, which KernelTests checks
/// pixel by pixel: pixels are
/// premultiplied RGBA8 packed as 0xAABBGGRR, products of 8-bit values are divided by
/// 255 with PixelMath's rounding, and no floating-point operations are fused.

// MARK: Compositing (PixelMath, PaintBlitter)

/// d[i] = source-over of s[i] at `alpha` (0...255) onto d[i], for `count` pixels: with
/// alpha 255 plain source-over; with a fully opaque source row, one rounding per channel
/// (PixelMath.mix); otherwise source-over of the faded source.
void ck_blend_row(const uint32_t *s, uint32_t *d, size_t count, uint32_t alpha);

/// d[i] = PixelMath.mix(s[i], d[i], alpha): `ck_blend_row` of a source row the caller
/// knows to be opaque, without looking at it first.
void ck_mix_row(const uint32_t *s, uint32_t *d, size_t count, uint32_t alpha);

/// d[i] = s + d[i]·(255 − s.alpha)/255: one premultiplied colour over a row.
void ck_source_over_solid(uint32_t *d, size_t count, uint32_t s);

/// ck_source_over_solid on `rows` rows of `count` pixels (rows `pitch` pixels apart), in
/// whole eight-pixel steps: the last step of a row writes the pixels past `count` back as
/// they were. The caller guarantees room for (count + 7) & ~7 pixels in every row that no
/// other thread writes meanwhile.
void ck_source_over_solid_padded(uint32_t *d, size_t pitch, size_t rows, size_t count, uint32_t s);

/// Sets `count` pixels to `s` on each of `rows` rows, `pitch` pixels apart.
void ck_fill_rows(uint32_t *d, size_t pitch, size_t rows, size_t count, uint32_t s);

/// d[k·pitch] = s + d[k·pitch]·(255 − s.alpha)/255 for k < count: one premultiplied
/// colour over a column of pixels, eight rows a step.
void ck_source_over_solid_column(uint32_t *d, size_t pitch, size_t count, uint32_t s);

/// d[i] = source-over of `color` scaled by coverage[i]·opacity/255 onto d[i]. Zero
/// coverage leaves a pixel exactly as it was.
void ck_source_over_solid_coverage(uint32_t *d, const uint8_t *coverage, size_t count, uint32_t color,
                                   uint32_t opacity);

/// ck_source_over_solid_coverage in whole eight-pixel steps: the last step's coverages
/// past `count` are taken as zero, which writes those pixels back unchanged (source-over
/// of nothing is exact). The caller guarantees room for (count + 7) & ~7 pixels at `d`
/// that no other thread writes meanwhile; `coverage` is read only up to `count`.
void ck_source_over_solid_coverage_padded(uint32_t *d, const uint8_t *coverage, size_t count, uint32_t color,
                                          uint32_t opacity);

/// Source-over of one premultiplied colour through `height` rows of `width` coverages
/// (`mask`, rows `mask_stride` bytes apart; coverage times opacity/255) onto `d` (rows
/// `pitch` pixels apart), eight pixels per step: all-zero steps are skipped, and an
/// opaque colour at full coverage is stored. With `padded` every row is processed in
/// whole steps up to (width + 7) & ~7 (the caller guarantees the mask's zero padding and
/// the destination's room).
void ck_glyph_mask_solid(uint32_t *d, size_t pitch, const uint8_t *mask, size_t mask_stride, size_t width,
                         size_t height, uint32_t color, uint32_t opacity, int padded);

/// d[i] = source-over of s[i] scaled by coverage[i] onto d[i].
void ck_source_over_coverage(uint32_t *d, const uint32_t *s, const uint8_t *coverage, size_t count);

/// ck_source_over_coverage in whole eight-pixel steps. The caller guarantees room for
/// (count + 7) & ~7 pixels at `d` that no other thread writes meanwhile, and as many
/// initialized entries of `s` and `coverage`, the coverages past `count` zero (which
/// writes those pixels back unchanged).
void ck_source_over_coverage_padded(uint32_t *d, const uint32_t *s, const uint8_t *coverage, size_t count);

/// coverage[i] = round(coverage[i]·mask[i]/255).
void ck_multiply_coverage(uint8_t *coverage, const uint8_t *mask, size_t count);

/// coverage[i] = round(alphas[i]·opacity/255).
void ck_fade_coverage(uint8_t *coverage, const uint8_t *alphas, size_t count, uint32_t opacity);

// MARK: Scan conversion (Rasterizer)

/// A double in int32_t's range rounded half away from zero (as Swift's `rounded()`):
/// truncation after adding the largest double below one half with the value's sign,
/// exact for every double.
static inline int32_t ck_round_half_away(double v) {
    return (int32_t)(v + (v < 0 ? -0.49999999999999994 : 0.49999999999999994));
}

/// v·256 rounded half away from zero, clamped to ±2^30, NaN to 0: a coordinate in
/// 1/256 pixel (Rasterizer.fixed). Inline, so the conversion is one truncating
/// instruction with no range check (the clamp has made every value fit).
static inline int32_t ck_fixed_point_8(double v) {
    double scaled = v * 256.0;
    if (scaled != scaled) return 0;
    return ck_round_half_away(scaled < -1073741824.0 ? -1073741824.0 : (scaled > 1073741824.0 ? 1073741824.0 : scaled));
}

/// ck_fixed_point_8 for a finite v with |v| ≤ 2^21 (a coordinate inside the rasterizer's
/// guard band), where the clamp changes nothing: the same value without it.
static inline int32_t ck_fixed_point_8_near(double v) {
    return ck_round_half_away(v * 256.0);
}

// MARK: Blur (GaussianBlur)

/// Line y of `destination` is round(Σ lines y−left … y+right of `source` / (left +
/// right + 1)) element by element, lines outside counting as zero. `lines` lines of `n`
/// bytes each; `sums` is scratch for `n` values.
void ck_box_across(const uint8_t *source, uint8_t *destination, size_t n, size_t lines, size_t left,
                   size_t right, uint32_t *sums);

/// Line y of `destination` is (Σ kernel[k + radius]·line(y + k) + 32768) >> 16 over
/// k = −radius … radius, clamped to 255, lines outside counting as zero. The weights are
/// 16.16 fixed point summing to 65536; `acc` is scratch for `n` values.
void ck_convolve_across(const uint8_t *source, uint8_t *destination, size_t n, size_t lines,
                        const uint32_t *kernel, size_t radius, uint32_t *acc);

// MARK: Gradients (PaintShader)

/// A colour's four channels as doubles (premultiplied, 0...1 in a gradient's stops).
typedef struct {
    double r, g, b, a;
} ck_rgba_f64;

/// Entries from..<to of a gradient table of n entries between two stops
/// (Gradient.fillTable): at t = i / (n − 1), the premultiplied colour c0 + delta·f with
/// f = (t − s0) / span (1 when span is not above 0), each channel clamped to 0...1,
/// times 255, rounded half away from zero and limited to alpha, packed r | g << 8 |
/// b << 16 | a << 24.
void ck_gradient_entries(uint32_t *table, int32_t from, int32_t to, int32_t n, double s0, double span,
                         ck_rgba_f64 c0, ck_rgba_f64 delta);

/// out[i] = ⌊clamp(start + step·i, 0, top)⌋ & mask, in singles.
void ck_linear_indices(uint32_t *out, int32_t count, float start, float step, float top, uint32_t mask);

/// out[i] = ⌊min(√(x² + y²)·scale + 0.5, top)⌋ & mask with x = x0 + dx·i, y = y0 + dy·i,
/// in singles.
void ck_radial_indices(uint32_t *out, int32_t count, float x0, float y0, float dx, float dy, float scale,
                       float top, uint32_t mask);

// MARK: Images (ImageSampler)

/// Bilinear samples along a row (ImageSampler.sample's arithmetic): pixel i is read at
/// 16.16 positions (u + i·du, v + i·dv) relative to pixel centres, blended from the four
/// pixels around it by the top eight fraction bits, then scaled by opacity/255. Every
/// sample's 2×2 footprint must lie in the image (`stride` pixels a row); the positions
/// are in 0 ..< 2^31 and the sums wrap as unsigned words.
void ck_bilinear_span(uint32_t *out, size_t count, const uint32_t *pixels, size_t stride, uint32_t u, uint32_t v,
                      uint32_t du, uint32_t dv, uint32_t opacity);

// MARK: PNG (PNGRowFilter)

/// Writes `count` residual bytes of PNG filter `type` (0...4) for 4-byte pixels.
/// `previous` is the unfiltered row above.
void ck_png_filter(uint8_t type, const uint8_t *row, const uint8_t *previous, size_t count, uint8_t *out);

/// How many of the first `limit` bytes equal `value` before the first that does not.
size_t ck_run_length(const uint8_t *bytes, uint8_t value, size_t limit);

/// Codes the bytes from `bytes[0]` on as literals up to the first position where a run
/// starts (three bytes equal to the one before them), writing each as its symbol (the
/// byte) to `symbols` and counting it in `frequencies`. Stops there, after `room`
/// symbols, or when fewer than 32 of the `available` bytes are left; returns how many it
/// coded. Reads `bytes[-1]` and nothing past `available`; writes whole steps of 32
/// symbols, so `symbols` needs `room + 31` entries.
size_t ck_rle_literals(const uint8_t *bytes, size_t available, uint16_t *symbols, size_t room, uint32_t *frequencies);

/// Σ |residual[i] read as a signed byte|.
uint64_t ck_png_filter_cost(const uint8_t *residuals, size_t count);

// MARK: Image comparison (ImageComparison)

/// What `ck_compare_row` found in one row.
typedef struct {
    /// Pixels whose bytes differ; of these, the ones that count against a budget and
    /// the ones left out as anti-aliasing.
    size_t changed, differing, antialiasing;
    /// The largest difference of one channel, 0...255.
    uint32_t max_channel;
    /// The largest squared YIQ distance (see `ImageComparison`), 0...about 35215.
    double max_squared;
    /// The first and one past the last differing pixel (both 0 when none differs).
    size_t first_differing, end_differing;
} ck_compare_stats;

/// Classifies every pixel of row `y` of two images of `width` × `height` pixels
/// (`actual` and `expected` point at pixel (0, 0); rows are their strides apart):
/// classes[x] is 0 for the same bytes, 1 within the threshold (squared YIQ distance at
/// most `limit_squared`), 2 anti-aliasing (left out when `ignore_antialiasing` is set;
/// see `PerceptualDistance`) and 3 differing. A negative `limit_squared` means an exact
/// comparison: every changed pixel differs. Distances are computed in doubles in the
/// order of the Swift formulas, so the classes and the largest distance are the same
/// on every machine.
void ck_compare_row(const uint32_t *actual, size_t actual_stride, const uint32_t *expected, size_t expected_stride,
                    size_t width, size_t height, size_t y, double limit_squared, int ignore_antialiasing,
                    uint8_t *classes, ck_compare_stats *stats);

#endif
