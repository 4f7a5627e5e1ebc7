// Placeholder until the generate commands land.
#include "cli_common.hpp"
namespace nonet::cli {
void register_generate_commands(CLI::App& /*app*/) {}
}  // namespace nonet::cli
