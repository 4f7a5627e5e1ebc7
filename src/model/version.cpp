#include "nonet/version.hpp"

namespace nonet {

const char* version() { return NONET_VERSION_STRING; }

}  // namespace nonet
