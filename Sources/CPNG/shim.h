#ifndef FOLIO_CPNG_SHIM_H
#define FOLIO_CPNG_SHIM_H
// PNG encoding for charts. libpng writes the file structure (signature, IHDR, chunk CRCs); the image
// data is deflated by the caller (FolioRender's ScanlineDeflate, or libdeflate, whose header this exports
// for that and for its SIMD Adler-32). Everything that can fail returns a code instead of longjmp-ing,
// which Swift could not catch.
#include <errno.h>
#include <libdeflate.h>
#include <malloc.h>  // mallopt, for FolioRender's ProcessMemory: the encoder's buffers are the large ones
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Size of `data` compressed as raw deflate by `c`, 0 on failure: a trial to choose how to filter.
static inline size_t folio_deflated_size(struct libdeflate_compressor *c, const unsigned char *data, size_t size) {
    size_t bound = libdeflate_deflate_compress_bound(c, size);
    unsigned char *out = (unsigned char *)malloc(bound);
    size_t n = out ? libdeflate_deflate_compress(c, data, size, out, bound) : 0;
    free(out);
    return n;
}

// libpng's default error handler prints "libpng error: Write Error" on stderr before it jumps back;
// Folio reports the failure itself, in one line naming the file, so this one only jumps.
static void folio_png_error(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static void folio_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

// Writes an RGB PNG whose image data is `idat`, a zlib stream of `height` scanlines (filter byte + 3·`width`
// bytes) compressed by the caller, as one IDAT chunk. Returns 0 on success; the errno of the failed write
// when the stream could not be written (ENOSPC on a full disk), for the caller to name the file and the
// cause; -1 on any other failure.
static inline int folio_png_write_idat(FILE *file, unsigned width, unsigned height,
                                       const unsigned char *idat, size_t idatSize) {
    if (width == 0 || height == 0 || !idat || idatSize == 0) return -1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, folio_png_error, folio_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) { png_destroy_write_struct(&png, &info); return -1; }
    if (setjmp(png_jmpbuf(png))) {
        int failed = ferror(file) ? (errno > 0 ? errno : EIO) : -1;
        png_destroy_write_struct(&png, &info);
        return failed;
    }
    png_init_io(png, file);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    png_write_chunk(png, (png_const_bytep)"IDAT", idat, idatSize);
    png_write_chunk(png, (png_const_bytep)"IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    return fflush(file) == 0 ? 0 : (errno > 0 ? errno : EIO);
}
#endif
