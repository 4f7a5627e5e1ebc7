// nonet's JSON of a puzzle as a value, for to_json and for the records the
// CLI writes with --format json (so a variant record it prints reads back
// with its rules). Not installed (the public headers keep nlohmann::json
// out), but exported from a shared libnonet, as analysis/result_json.hpp is.
#pragma once

#include <nlohmann/json.hpp>

#include "nonet/export.hpp"
#include "nonet/model.hpp"

namespace nonet NONET_API {
namespace encode {

// {"puzzle", "size", "variant", "regions" (jigsaw), "houses" (beyond the
// variant's), "constraints", "comment"}: what json_input.cpp reads back.
nlohmann::ordered_json puzzle(const Puzzle& puzzle);

}  // namespace encode
}  // namespace nonet
