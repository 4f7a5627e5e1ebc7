// The band board's closure, in a unit of its own; see closure.cpp.
#include "closure.hpp"

namespace nonet::detail {

template class Closure<Board<Bands>>;

}  // namespace nonet::detail
