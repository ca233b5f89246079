#ifndef CKERNELS_H
#define CKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Hot pixel loops, compiled for AVX2 and for baseline x86-64 (and the default target
/// elsewhere) and chosen once at load time by the CPU (function multiversioning), so the
/// package needs no machine-specific build flags. Each gives exactly the integers of the
/// Swift formulas in PixelMath: premultiplied RGBA8 packed as 0xAABBGGRR.

/// d[i] = source-over of s[i] at `alpha` (0...255) onto d[i], for `count` pixels: with
/// alpha 255 plain source-over; with a fully opaque source row, one rounding per channel
/// (PixelMath.mix); otherwise source-over of the faded source.
void ck_blend_row(const uint32_t *s, uint32_t *d, size_t count, uint32_t alpha);

#endif
