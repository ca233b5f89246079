#ifndef CPREFETCH_H
#define CPREFETCH_H

#include <stddef.h>

/// Asks the processor to bring every cache line of the `bytes` bytes from `start` closer,
/// for writing (nothing for none). Rows of pixels lie a pitch apart, each a stream of a
/// few lines that the processor's own prefetcher does not foresee: asked for a few rows
/// ahead, they are in cache when drawn. A hint only: it never faults, whatever the
/// address, and changes no result.
static inline __attribute__((always_inline)) void cprefetch_write_span(const void *start, size_t bytes) {
    if (bytes == 0) return;
    const char *p = (const char *)start;
    for (size_t offset = 0; offset < bytes; offset += 64) __builtin_prefetch(p + offset, 1, 3);
    __builtin_prefetch(p + bytes - 1, 1, 3);
}

/// As `cprefetch_write_span`, for bytes that will be read only.
static inline __attribute__((always_inline)) void cprefetch_read_span(const void *start, size_t bytes) {
    if (bytes == 0) return;
    const char *p = (const char *)start;
    for (size_t offset = 0; offset < bytes; offset += 64) __builtin_prefetch(p + offset, 0, 3);
    __builtin_prefetch(p + bytes - 1, 0, 3);
}

#endif
