#ifndef CEMBEDDEDFONTS_H
#define CEMBEDDEDFONTS_H

#include <stddef.h>

/// The font files shipped with the package, built into the binary (EmbeddedFonts.S
/// includes each file's bytes as read-only data), so a binary copied anywhere has them.

/// The bytes of the built-in font file `name` (its file name, "Inter-Regular.otf"), with
/// their count in `*length`; NULL (and `*length` 0) when no built-in file has that name.
/// The bytes live as long as the process and never change.
const unsigned char *cef_font(const char *name, size_t *length);

/// The file name of built-in font `index` (from 0, in the order EmbeddedFonts.S lists
/// them); NULL past the last.
const char *cef_font_name(size_t index);

#endif
