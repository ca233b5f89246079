#include <cairo.h>
#include <librsvg/rsvg.h>
