// cairo, which draws the printable sheets, loaded the first time a sheet is
// drawn rather than when nonet starts: linked in, cairo and the libraries it
// pulls in (fontconfig, freetype, X11, …) cost every command's start-up
// about a millisecond, drawing or not (docs/journal/2026-batch.md).
#pragma once

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

namespace nonet::detail {

// The cairo functions the sheets use, each named without its cairo_ prefix.
#define NONET_CAIRO_FUNCTIONS(X)                                                                          \
  X(arc) X(close_path) X(create) X(destroy) X(fill) X(fill_preserve) X(line_to) X(move_to) X(new_path)     \
  X(new_sub_path) X(pdf_surface_create_for_stream)                                                        \
  X(pdf_surface_set_metadata) X(rectangle) X(restore) X(save) X(scale) X(select_font_face) X(set_dash)    \
  X(set_font_size) X(set_line_cap) X(set_line_join) X(set_line_width) X(set_source_rgb) X(show_page)      \
  X(show_text) X(status) X(status_to_string) X(stroke) X(surface_destroy) X(surface_finish)               \
  X(surface_status) X(svg_surface_create_for_stream) X(svg_surface_set_document_unit) X(text_extents)     \
  X(translate)

struct CairoLibrary {
#define NONET_CAIRO_POINTER(name) decltype(&::cairo_##name) name = nullptr;
  NONET_CAIRO_FUNCTIONS(NONET_CAIRO_POINTER)
#undef NONET_CAIRO_POINTER
};

// Loads libcairo.so.2 once (thread-safe); throws std::runtime_error, saying
// what is missing, where it cannot.
const CairoLibrary& cairo();

}  // namespace nonet::detail
