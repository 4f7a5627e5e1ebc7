#include "analysis/result_json.hpp"

#include <cmath>

namespace nonet::encode {

namespace {

double tenths(double value) { return std::round(value * 10) / 10; }

Json candidates(const Geometry& geometry, const std::vector<Candidate>& list) {
  Json out = Json::array();
  for (const Candidate& c : list) out.push_back({{"cell", geometry.cell_name(c.cell)}, {"digit", c.digit}});
  return out;
}

Json cell_names(const Geometry& geometry, const std::vector<int>& cells) {
  Json out = Json::array();
  for (int cell : cells) out.push_back(geometry.cell_name(cell));
  return out;
}

Json house_names(const Geometry& geometry, const std::vector<int>& houses) {
  Json out = Json::array();
  for (int house : houses) out.push_back(house_name(geometry.houses()[house]));
  return out;
}

}  // namespace

Json constraints(const Geometry& geometry, const std::vector<Constraint>& constraints) {
  Json out = Json::array();
  for (const Constraint& rule : constraints) {
    Json item{{"kind", to_string(rule.kind)}};
    if (!rule.cells.empty()) item["cells"] = cell_names(geometry, rule.cells);
    if (rule.value) item["value"] = *rule.value;
    if (rule.split) item["split"] = rule.split;
    if (!rule.digits.empty()) item["digits"] = rule.digits;
    if (is_outside_clue(rule.kind)) {
      // Appended piece by piece: g++ 12 warns falsely on "r" + std::to_string(…).
      std::string place = "r";
      place += std::to_string(rule.outside.first + 1);
      place += 'c';
      place += std::to_string(rule.outside.second + 1);
      item["outside"] = std::move(place);
    }
    out.push_back(std::move(item));
  }
  return out;
}

Json rating(const Rating& r) {
  return Json{{"er", tenths(r.er)}, {"ep", tenths(r.ep)}, {"ed", tenths(r.ed)}, {"hardest", r.hardest}, {"solved", r.solved}};
}

Json step(const Geometry& geometry, const Step& s) {
  // Keys in alphabetical order, as every release has written them.
  Json out{{"cells", cell_names(geometry, s.cells)}};
  if (!s.chains.empty()) out["chains"] = s.chains;
  if (!s.rules.empty()) out["constraints"] = s.rules;  // indices into the puzzle's "constraints"
  out["detail"] = s.detail;
  out["eliminations"] = candidates(geometry, s.eliminations);
  if (s.guess) out["guess"] = true;
  out["houses"] = house_names(geometry, s.houses);
  if (!s.links.empty()) {
    Json links = Json::array();
    for (const Link& l : s.links)
      links.push_back({{"from", {{"cell", geometry.cell_name(l.from.cell)}, {"digit", l.from.digit}}},
                       {"strong", l.strong},
                       {"to", {{"cell", geometry.cell_name(l.to.cell)}, {"digit", l.to.digit}}}});
    out["links"] = std::move(links);
  }
  out["placements"] = candidates(geometry, s.placements);
  out["rating"] = tenths(s.rating);
  out["technique"] = s.technique;
  out["text"] = to_text(geometry, s);
  return out;
}

Json techniques(const std::vector<TechniqueCount>& used) {
  Json out = Json::object();
  for (const TechniqueCount& t : used) out[t.technique] = t.steps;
  return out;
}

Json hint(const Geometry& geometry, const Step& s, int level) {
  std::string text = hint_text(geometry, s, level);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  Json out{{"status", "hint"}, {"level", level}, {"text", text}, {"technique", s.technique},
           {"houses", house_names(geometry, s.houses)}};
  // The rule a variant step reads is pointed at from the first level, as its houses are.
  if (!s.rules.empty()) out["constraints"] = s.rules;
  if (level >= 2) out["cells"] = cell_names(geometry, s.cells);
  if (level >= 3) out["step"] = step(geometry, s);
  return out;
}

Json explanation(const Geometry& geometry, const Analysis& a) {
  Json out{{"status", to_string(a.stop)}};
  if (!a.logic_ran()) {
    if (!a.message.empty()) out["reason"] = a.message;
    return out;
  }
  out["solved"] = a.stop == Stop::solved;
  out["rating"] = rating(a.rating);
  Json steps = Json::array();
  for (const Step& s : a.steps) steps.push_back(step(geometry, s));
  out["steps"] = std::move(steps);
  if (a.stop != Stop::solved) {
    out["stopped"] = a.message;
    out["candidates"] = a.final_state->to_candidate_string();
  }
  return out;
}

const char* rating_status(const Analysis& a) {
  if (a.stop == Stop::solved) return "rated";
  if (a.logic_ran() && (a.stop == Stop::stuck || a.stop == Stop::above_limit)) return "unsolved";
  return to_string(a.stop);
}

Json rating_answer(const Analysis& a) {
  Json out{{"status", rating_status(a)}};
  if (!a.logic_ran()) {
    if (!a.message.empty()) out["reason"] = a.message;
    return out;
  }
  int steps = 0;
  for (const TechniqueCount& t : a.techniques) steps += t.steps;
  out["rating"] = rating(a.rating);
  out["steps"] = steps;
  out["techniques"] = techniques(a.techniques);
  return out;
}

std::string dump(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace nonet::encode

namespace nonet {

// The public text form of a step (logic.hpp) is this encoding.
std::string to_json(const Geometry& geometry, const Step& step) { return encode::step(geometry, step).dump(); }

}  // namespace nonet
