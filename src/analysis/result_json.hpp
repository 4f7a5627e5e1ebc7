// The one JSON encoding of results (steps, ratings, explanations, hints) that
// the CLI's --format json, the web server, the Python module and the C API
// all write, so a field means the same everywhere. Not installed (the public
// headers keep nlohmann::json out), but exported from a shared libnonet like
// the public API, since nonet's own programs (the CLI, the server) call it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "nonet/analysis.hpp"
#include "nonet/export.hpp"

namespace nonet NONET_API {
namespace encode {

using Json = nlohmann::ordered_json;

// {"er", "ep", "ed" (one decimal), "hardest", "solved"}
Json rating(const Rating& rating);
// A step: technique, rating, detail, text, placements, eliminations, cells,
// houses, and links, chains and guess where it has them.
Json step(const Geometry& geometry, const Step& step);
// {"Hidden Single": 12, ...} in the order first used.
Json techniques(const std::vector<TechniqueCount>& used);
// The hint ladder as data: status "hint", level, text, technique, houses;
// level 2 adds the cells, level 3 the whole step.
Json hint(const Geometry& geometry, const Step& step, int level);
// An explanation: status (the stop's word), solved, rating, steps, and where
// logic stopped short the reason ("stopped") and the pencil marks ("candidates").
// For a puzzle logic never started on (invalid, no solution, …): status and reason.
Json explanation(const Geometry& geometry, const Analysis& analysis);
// A rating: status ("rated", "unsolved" where logic stopped short, else the
// stop's word), rating, steps (how many), techniques.
Json rating_answer(const Analysis& analysis);
// The status word of a rating answer.
const char* rating_status(const Analysis& analysis);
// Variant rules as nonet's JSON reads them back (docs/variants.md): each
// {"kind", "cells" ("r1c1"), and where the kind has them "value", "split",
// "digits", "outside" ("r0c3": row or column 0 or N+1 beyond the grid)}.
Json constraints(const Geometry& geometry, const std::vector<Constraint>& constraints);
// JSON text on one line; bytes of the input that are not UTF-8 (comments,
// file names) become U+FFFD instead of an exception.
std::string dump(const Json& value);

}  // namespace encode
}  // namespace nonet
