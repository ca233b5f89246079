// libwebp's demuxer and animation decoder: the reference reader of animated WebP files
// in the tests (`render frames -o x.webp`).
#include <webp/demux.h>
