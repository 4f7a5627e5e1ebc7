// Placeholder until the logic commands land.
#include "cli_common.hpp"
namespace nonet::cli {
void register_logic_commands(CLI::App& /*app*/) {}
}  // namespace nonet::cli
