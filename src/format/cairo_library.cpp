#include "cairo_library.hpp"

#include <dlfcn.h>

#include <stdexcept>
#include <string>

namespace nonet::detail {

namespace {

CairoLibrary load() {
  // RTLD_LOCAL: cairo's symbols stay out of the program's namespace.
  void* handle = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    throw std::runtime_error(std::string("cannot load cairo, which draws SVG and PDF sheets (install libcairo2): ") +
                             dlerror());
  CairoLibrary library;
#define NONET_CAIRO_LOAD(name)                                                                \
  library.name = reinterpret_cast<decltype(library.name)>(dlsym(handle, "cairo_" #name));    \
  if (!library.name) throw std::runtime_error("the cairo library lacks cairo_" #name);
  NONET_CAIRO_FUNCTIONS(NONET_CAIRO_LOAD)
#undef NONET_CAIRO_LOAD
  return library;
}

}  // namespace

const CairoLibrary& cairo() {
  // A failed load throws out of the initialiser, so the next call tries again.
  static const CairoLibrary library = load();
  return library;
}

}  // namespace nonet::detail
