#ifndef FOLIO_CCAIRO_SHIM_H
#define FOLIO_CCAIRO_SHIM_H
// Cairo draws; FreeType loads the fonts in fonts/ so that the renderer measures text with the very
// faces that draw it (cairo-ft bridges the two). Both come in one module because cairo-ft.h needs
// FreeType's types, and pkg-config's `cairo-ft` gives the include paths of both.
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <cairo-ft.h>
#endif
