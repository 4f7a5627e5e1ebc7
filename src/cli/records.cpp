// How every command writes a record back: its puzzle (or pencil marks) in
// the digits it was written with, its JSON fields, and the checks of what
// the input published beside it.
#include "cli_common.hpp"
#include "format/puzzle_json.hpp"

namespace nonet::cli {

std::string record_text(const Record& record) {
  const Puzzle& puzzle = *record.puzzle;
  std::string text = record.candidates.empty() ? to_line(*puzzle.geometry, puzzle.cells)
                                               : to_candidate_line(*puzzle.geometry, record.candidates);
  if (record.zero_based) to_zero_based(text);
  return text;
}

std::string grid_text(const Record& record, const Geometry& geometry, const Grid& cells) {
  std::string text = to_line(geometry, cells);
  if (record.zero_based) to_zero_based(text);
  return text;
}

nlohmann::ordered_json record_json(const Record& record) {
  nlohmann::ordered_json out{{"index", record.index}, {"file", record.source}, {"line", record.line}};
  if (!record.puzzle) return out;
  const Geometry& geometry = *record.puzzle->geometry;
  out["puzzle"] = record_text(record);
  out["variant"] = geometry.variant();
  out["size"] = geometry.size();
  if (geometry.variant() == "jigsaw") out["regions"] = to_region_line(geometry);
  // A variant's rules, so the record reads back whole.
  if (!record.puzzle->constraints.empty() || geometry.houses().size() > 3 * static_cast<std::size_t>(geometry.size())) {
    nlohmann::ordered_json rules = encode::puzzle(*record.puzzle);
    for (const char* key : {"houses", "constraints"})
      if (rules.contains(key)) out[key] = std::move(rules[key]);
  }
  if (!record.candidates.empty()) out["pencil_marks"] = true;
  if (!record.puzzle->comment.empty()) out["comment"] = record.puzzle->comment;
  return out;
}

std::string malformed_json(const Record& record) {
  nlohmann::ordered_json out = record_json(record);
  out["status"] = "malformed";
  out["reason"] = record.error ? record.error->reason : "";
  return json_line(out);
}

bool matches_published(const Record& record, const Grid& found, Outcome& outcome) {
  const Grid& published = record.published_solution;
  if (published.empty() || published == found) return true;
  const Geometry& geometry = *record.puzzle->geometry;
  std::size_t cell = 0;
  while (cell < found.size() && found[cell] == published[cell]) ++cell;
  const std::string where =
      cell < found.size() ? " at " + geometry.cell_name(static_cast<int>(cell)) + " (published " +
                                digit_char(published[cell], record.zero_based ? DigitStyle::zero_based
                                                                              : DigitStyle::one_based) +
                                ", solution " +
                                digit_char(found[cell], record.zero_based ? DigitStyle::zero_based
                                                                          : DigitStyle::one_based) +
                                ")"
                          : "";
  const std::string message =
      Diagnostic{record.source, record.line, 1, "the published solution is wrong" + where}.to_string();
  outcome.err += outcome.err.empty() ? message : "\n" + message;
  outcome.failed = true;
  return false;
}

}  // namespace nonet::cli
