#ifndef CPREFETCH_H
#define CPREFETCH_H

#include <stddef.h>

/// Asks the processor to bring every cache line of the `bytes` bytes from `start` closer,
/// for writing or for reading only (nothing for none). Rows of pixels lie a pitch apart,
/// each a stream of a few lines that the processor's own prefetcher does not foresee:
/// asked for a few rows ahead, they are in cache when drawn. A hint only: it never
/// faults, whatever the address, and changes no result.
#define CPREFETCH_SPAN(start, bytes, rw)                                                  \
    do {                                                                                  \
        const char *p_ = (const char *)(start);                                           \
        const size_t n_ = (bytes);                                                        \
        if (n_ == 0) break;                                                               \
        for (size_t o_ = 0; o_ < n_; o_ += 64) __builtin_prefetch(p_ + o_, (rw), 3);      \
        __builtin_prefetch(p_ + n_ - 1, (rw), 3);                                         \
    } while (0)

/// `CPREFETCH_SPAN` for bytes that will be written.
static inline __attribute__((always_inline)) void cprefetch_write_span(const void *start, size_t bytes) {
    CPREFETCH_SPAN(start, bytes, 1);
}

/// `CPREFETCH_SPAN` for bytes that will be read only.
static inline __attribute__((always_inline)) void cprefetch_read_span(const void *start, size_t bytes) {
    CPREFETCH_SPAN(start, bytes, 0);
}

#endif
