#ifndef CUNICODE_H
#define CUNICODE_H

#include <stdint.h>

/* Unicode text segmentation and bidi from ICU, behind names that do not change with
   ICU's version. Offsets are UTF-16 code units. Every function that fills an array
   writes at most `capacity` entries and returns how many it wrote, or -1 when ICU
   reports an error (the array is then unspecified). */

/* Ends of the extended grapheme clusters of `text` (UAX #29), ascending; the last is
   `length`. */
int32_t cu_grapheme_ends(const uint16_t *text, int32_t length, int32_t *ends, int32_t capacity);

/* Line break opportunities of `text` (UAX #14 with ICU's dictionaries for Thai, Lao,
   Khmer, Burmese and CJK), as the offsets a line may end at, ascending; the last is
   `length`. `hard[i]` is 1 where a line must end (after a newline). `locale` is a
   BCP 47 or ICU locale id; "" is the root locale (never the process's default). */
int32_t cu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                       int32_t *offsets, uint8_t *hard, int32_t capacity);

/* A paragraph run through the Unicode bidi algorithm (UAX #9). */
typedef struct cu_bidi cu_bidi;

/* `level`: 0 left-to-right, 1 right-to-left, 0xFE from the first strong character
   (left-to-right when there is none), 0xFF likewise with right-to-left as the default.
   The text is copied. NULL on error. */
cu_bidi *cu_bidi_create(const uint16_t *text, int32_t length, uint8_t level);
void cu_bidi_destroy(cu_bidi *bidi);

/* The resolved embedding level of every code unit; returns the length or -1. */
int32_t cu_bidi_levels(cu_bidi *bidi, uint8_t *levels, int32_t capacity);

/* The paragraphs (text split after paragraph separators) with their levels. */
int32_t cu_bidi_paragraphs(cu_bidi *bidi, int32_t *starts, int32_t *limits, uint8_t *levels, int32_t capacity);

/* The runs of the line [start, limit) (inside one paragraph) in visual order, left to
   right: each its logical start, length and whether it runs right to left. Trailing
   whitespace takes the paragraph level (rule L1). */
int32_t cu_bidi_line_runs(cu_bidi *bidi, int32_t start, int32_t limit,
                          int32_t *starts, int32_t *lengths, uint8_t *rtl, int32_t capacity);

#endif
