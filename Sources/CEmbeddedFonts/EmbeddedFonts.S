// Each shipped font file's bytes as read-only data, between two symbols that
// EmbeddedFonts.c reads. The files are found through the target's header search
// path (Fonts/, set in Package.swift), which is where `.incbin` looks.

.macro embed_font symbol, file
    .section .rodata
    .balign 16
    .globl \symbol\()_start
    .hidden \symbol\()_start
\symbol\()_start:
    .incbin "\file"
    .globl \symbol\()_end
    .hidden \symbol\()_end
\symbol\()_end:
.endm

embed_font cef_inter_regular, "Inter-Regular.otf"
embed_font cef_inter_medium, "Inter-Medium.otf"
embed_font cef_inter_semibold, "Inter-SemiBold.otf"
embed_font cef_inter_bold, "Inter-Bold.otf"
embed_font cef_dejavu, "DejaVuSans.ttf"
embed_font cef_dejavu_bold, "DejaVuSans-Bold.ttf"
embed_font cef_arabic, "NotoSansArabic-Regular.ttf"
embed_font cef_arabic_bold, "NotoSansArabic-Bold.ttf"
embed_font cef_devanagari, "NotoSansDevanagari-Regular.ttf"
embed_font cef_devanagari_bold, "NotoSansDevanagari-Bold.ttf"
embed_font cef_hebrew, "NotoSansHebrew-Regular.ttf"
embed_font cef_hebrew_bold, "NotoSansHebrew-Bold.ttf"
embed_font cef_thai, "NotoSansThai-Regular.ttf"
embed_font cef_thai_bold, "NotoSansThai-Bold.ttf"

// No executable stack.
    .section .note.GNU-stack, "", %progbits
