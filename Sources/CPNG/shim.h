#ifndef FOLIO_CPNG_SHIM_H
#define FOLIO_CPNG_SHIM_H
#include <png.h>
#include <setjmp.h>
#include <zlib.h>

// libpng reports errors by longjmp, which Swift cannot catch. This wrapper owns the setjmp frame in C:
// it writes `height` rows of Cairo RGB24 pixels (native-endian 0x00RRGGBB words, i.e. B,G,R,X bytes
// on little-endian machines; stride `stride`) to `file` as 8-bit RGB, and returns 0 on success, -1 on
// any libpng error, so the Swift side only sees a result code. libpng's own bgr and filler transforms
// reorder the bytes row by row, so no converted copy of the image is made. `filters` is a
// PNG_FILTER_* mask; `level` and `strategy` go to zlib.
static inline int folio_png_write_cairo_rgb24(FILE *file, unsigned width, unsigned height,
                                              const unsigned char *pixels, size_t stride,
                                              int filters, int level, int strategy) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) return -1;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); return -1; }
    if (setjmp(png_jmpbuf(png))) { png_destroy_write_struct(&png, &info); return -1; }
    png_init_io(png, file);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_write_info(png, info);
    const int one = 1;
    if (*(const char *)&one == 1) {
        png_set_bgr(png);
        png_set_filler(png, 0, PNG_FILLER_AFTER);
    } else {
        png_set_filler(png, 0, PNG_FILLER_BEFORE);
    }
    for (unsigned y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}
#endif
