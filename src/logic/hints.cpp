// What the CLI and the web server share about hints and limits: the hint
// ladder's wording, and a rating limit named by a technique or a number.
#include <cctype>
#include <charconv>
#include <string>

#include "nonet/logic.hpp"

namespace nonet {

namespace {

// A technique's name as a user may type it: "X wing", "x_wing" and "X-Wing"
// are one name, so the key drops case, spaces, hyphens and underscores.
std::string name_key(const std::string& text) {
  std::string key;
  for (char c : text)
    if (c != ' ' && c != '\t' && c != '-' && c != '_')
      key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

std::string joined_houses(const Geometry& geometry, const Step& step) {
  std::string houses;
  for (int h : step.houses) {
    if (!houses.empty()) houses += ", ";
    houses += house_name(geometry.houses()[h]);
  }
  return houses;
}

}  // namespace

std::string hint_text(const Geometry& geometry, const Step& step, int level) {
  std::string out = "Hint: ";
  out += step.technique;
  const std::string houses = joined_houses(geometry, step);
  if (!houses.empty()) out.append(" in ").append(houses);
  if (level <= 1) {
    // No house to name: point at the row of the first cell.
    if (houses.empty() && !step.cells.empty())
      out.append(" around ").append(house_name(geometry.houses()[geometry.houses_of(step.cells[0])[0]]));
    return out += '\n';
  }
  std::string cells;
  for (int c : step.cells) {
    if (!cells.empty()) cells += ',';
    cells += geometry.cell_name(c);
  }
  if (!cells.empty()) out.append("; look at ").append(cells);
  out += '\n';
  if (level == 2) return out;
  out.append(to_text(geometry, step)).append("\n");
  for (const auto& chain : step.chains) out.append("  ").append(chain).append("\n");
  return out;
}

std::optional<double> technique_limit(const std::string& text, Scale scale) {
  if (text.empty()) return std::nullopt;
  double value = 0;  // from_chars, unlike strtod, ignores the locale
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc{} && end == text.data() + text.size() && value >= 0) return value;
  const std::string wanted = name_key(text);
  if (wanted.empty()) return std::nullopt;  // "-" or " " would be the start of every name
  for (const auto& t : techniques(scale, true))
    if (name_key(t.name).rfind(wanted, 0) == 0) return t.rating;
  return std::nullopt;
}

}  // namespace nonet
