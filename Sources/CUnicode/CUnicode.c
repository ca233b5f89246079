#include "CUnicode.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>

/* Break iterators are costly to open and not thread-safe, so each thread keeps one of
   each kind, closed when the thread ends. */
typedef struct {
    UBreakIterator *character;
    UBreakIterator *line;
    char line_locale[64];
} iterators;

static pthread_key_t iterators_key;
static pthread_once_t iterators_once = PTHREAD_ONCE_INIT;

static void iterators_free(void *p) {
    iterators *it = p;
    if (it->character) ubrk_close(it->character);
    if (it->line) ubrk_close(it->line);
    free(it);
}

static void iterators_init(void) { pthread_key_create(&iterators_key, iterators_free); }

static iterators *thread_iterators(void) {
    pthread_once(&iterators_once, iterators_init);
    iterators *it = pthread_getspecific(iterators_key);
    if (!it) {
        it = calloc(1, sizeof(iterators));
        if (!it) return NULL;
        pthread_setspecific(iterators_key, it);
    }
    return it;
}

static const UChar empty_text[1] = {0};

int32_t cu_grapheme_ends(const uint16_t *text, int32_t length, int32_t *ends, int32_t capacity) {
    iterators *it = thread_iterators();
    if (!it) return -1;
    UErrorCode error = U_ZERO_ERROR;
    if (!it->character) {
        it->character = ubrk_open(UBRK_CHARACTER, "", empty_text, 0, &error);
        if (U_FAILURE(error)) { it->character = NULL; return -1; }
    }
    ubrk_setText(it->character, (const UChar *)text, length, &error);
    if (U_FAILURE(error)) return -1;
    int32_t n = 0;
    ubrk_first(it->character);
    for (int32_t b = ubrk_next(it->character); b != UBRK_DONE && n < capacity; b = ubrk_next(it->character)) {
        ends[n++] = b;
    }
    ubrk_setText(it->character, empty_text, 0, &error);
    return n;
}

int32_t cu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                       int32_t *offsets, uint8_t *hard, int32_t capacity) {
    iterators *it = thread_iterators();
    if (!it) return -1;
    UErrorCode error = U_ZERO_ERROR;
    if (!locale) locale = "";
    if (it->line && strncmp(it->line_locale, locale, sizeof it->line_locale) != 0) {
        ubrk_close(it->line);
        it->line = NULL;
    }
    if (!it->line) {
        it->line = ubrk_open(UBRK_LINE, locale, empty_text, 0, &error);
        if (U_FAILURE(error)) { it->line = NULL; return -1; }
        strncpy(it->line_locale, locale, sizeof it->line_locale - 1);
        it->line_locale[sizeof it->line_locale - 1] = 0;
    }
    ubrk_setText(it->line, (const UChar *)text, length, &error);
    if (U_FAILURE(error)) return -1;
    int32_t n = 0;
    ubrk_first(it->line);
    for (int32_t b = ubrk_next(it->line); b != UBRK_DONE && n < capacity; b = ubrk_next(it->line)) {
        int32_t status = ubrk_getRuleStatus(it->line);
        offsets[n] = b;
        hard[n] = status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT;
        n++;
    }
    ubrk_setText(it->line, empty_text, 0, &error);
    return n;
}

struct cu_bidi {
    UBiDi *paragraph;
    UBiDi *line;
    UChar *text;
    int32_t length;
};

cu_bidi *cu_bidi_create(const uint16_t *text, int32_t length, uint8_t level) {
    cu_bidi *b = calloc(1, sizeof(cu_bidi));
    if (!b) return NULL;
    b->text = malloc(sizeof(UChar) * (size_t)(length > 0 ? length : 1));
    if (!b->text) { free(b); return NULL; }
    if (length > 0) memcpy(b->text, text, sizeof(UChar) * (size_t)length);
    b->length = length;
    UErrorCode error = U_ZERO_ERROR;
    b->paragraph = ubidi_openSized(length, 0, &error);
    b->line = ubidi_open();
    if (U_SUCCESS(error) && b->paragraph && b->line) {
        ubidi_setPara(b->paragraph, b->text, length, level, NULL, &error);
    }
    if (U_FAILURE(error) || !b->paragraph || !b->line) {
        cu_bidi_destroy(b);
        return NULL;
    }
    return b;
}

void cu_bidi_destroy(cu_bidi *b) {
    if (!b) return;
    if (b->line) ubidi_close(b->line);
    if (b->paragraph) ubidi_close(b->paragraph);
    free(b->text);
    free(b);
}

int32_t cu_bidi_levels(cu_bidi *b, uint8_t *levels, int32_t capacity) {
    if (b->length == 0) return 0;
    if (capacity < b->length) return -1;
    UErrorCode error = U_ZERO_ERROR;
    const UBiDiLevel *l = ubidi_getLevels(b->paragraph, &error);
    if (U_FAILURE(error) || !l) return -1;
    memcpy(levels, l, (size_t)b->length);
    return b->length;
}

int32_t cu_bidi_paragraphs(cu_bidi *b, int32_t *starts, int32_t *limits, uint8_t *levels, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t count = ubidi_countParagraphs(b->paragraph);
    int32_t n = 0;
    for (int32_t i = 0; i < count && n < capacity; i++) {
        UBiDiLevel level = 0;
        ubidi_getParagraphByIndex(b->paragraph, i, &starts[n], &limits[n], &level, &error);
        if (U_FAILURE(error)) return -1;
        levels[n++] = level;
    }
    return n;
}

int32_t cu_bidi_line_runs(cu_bidi *b, int32_t start, int32_t limit,
                          int32_t *starts, int32_t *lengths, uint8_t *rtl, int32_t capacity) {
    if (limit <= start) return 0;
    UErrorCode error = U_ZERO_ERROR;
    ubidi_setLine(b->paragraph, start, limit, b->line, &error);
    if (U_FAILURE(error)) return -1;
    int32_t count = ubidi_countRuns(b->line, &error);
    if (U_FAILURE(error)) return -1;
    int32_t n = 0;
    for (int32_t i = 0; i < count && n < capacity; i++) {
        int32_t s = 0, len = 0;
        UBiDiDirection d = ubidi_getVisualRun(b->line, i, &s, &len);
        starts[n] = start + s;
        lengths[n] = len;
        rtl[n] = d == UBIDI_RTL;
        n++;
    }
    return n;
}
