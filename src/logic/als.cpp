// ALS-XZ (HoDoKu), for explanations and hints: no SE scale rates it (SE
// finds its eliminations with forcing chains, 7.0+).
//
// An almost locked set (ALS) is n open cells of one house holding n+1 digits
// together: take any one digit away and the rest is locked. Two disjoint ALSs
// A and B with a restricted common digit x — every x of A sees every x of B,
// so x is not in both — lock each other: one of them loses x and becomes a
// locked set. For any other common digit z, z then sits in A or in B, so a
// cell that sees every z of both loses z.
#include "internal.hpp"

namespace nonet::logic {

namespace {

struct Als {
  int house;
  std::vector<int> cells;
  Mask digits;
};

// ALSs of up to kMaxCells cells: larger ones add little for a hint and their
// number grows fast.
constexpr int kMaxCells = 4;

void collect(const Context& ctx, int house, const std::vector<int>& open, std::size_t from, std::vector<int>& chosen,
             Mask digits, std::vector<Als>& out) {
  if (!chosen.empty() && popcount(digits) == static_cast<int>(chosen.size()) + 1)
    out.push_back({house, chosen, digits});
  if (static_cast<int>(chosen.size()) == kMaxCells) return;
  for (std::size_t i = from; i < open.size(); ++i) {
    const Mask next = digits | ctx.grid.candidates(open[i]);
    if (popcount(next) > kMaxCells + 1) continue;
    chosen.push_back(open[i]);
    collect(ctx, house, open, i + 1, chosen, next, out);
    chosen.pop_back();
  }
}

std::vector<Als> almost_locked_sets(const Context& ctx) {
  std::vector<Als> out;
  const auto& houses = ctx.geo.houses();
  for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
    std::vector<int> open;
    for (int c : houses[h].cells)
      if (!ctx.grid.value(c)) open.push_back(c);
    std::vector<int> chosen;
    collect(ctx, h, open, 0, chosen, 0, out);
  }
  // One set of cells can be an ALS of two houses (a box and a line): keep one.
  std::sort(out.begin(), out.end(), [](const Als& a, const Als& b) { return a.cells < b.cells; });
  out.erase(std::unique(out.begin(), out.end(), [](const Als& a, const Als& b) { return a.cells == b.cells; }),
            out.end());
  return out;
}

std::vector<int> cells_with(const Context& ctx, const Als& als, int d) {
  std::vector<int> out;
  for (int c : als.cells)
    if (ctx.grid.has(c, d)) out.push_back(c);
  return out;
}

bool disjoint(const Als& a, const Als& b) {
  for (int c : a.cells)
    if (std::find(b.cells.begin(), b.cells.end(), c) != b.cells.end()) return false;
  return true;
}

// x is restricted common: every x-cell of a sees every x-cell of b.
bool restricted(const Context& ctx, const std::vector<int>& xa, const std::vector<int>& xb) {
  for (int p : xa)
    for (int q : xb)
      if (!ctx.tables.sees(p, q)) return false;
  return true;
}

std::optional<Step> als_xz(const Context& ctx, const Als& a, const Als& b) {
  const Mask common = a.digits & b.digits;
  if (popcount(common) < 2 || !disjoint(a, b)) return std::nullopt;
  for (int x : digits_of(common)) {
    if (!restricted(ctx, cells_with(ctx, a, x), cells_with(ctx, b, x))) continue;
    Step s;
    for (int z : digits_of(common & ~digit_bit(x))) {
      std::vector<int> z_cells = cells_with(ctx, a, z);
      const std::vector<int> zb = cells_with(ctx, b, z);
      z_cells.insert(z_cells.end(), zb.begin(), zb.end());
      add_eliminations(ctx, s, seeing_all(ctx, z_cells), digit_bit(z));
    }
    if (s.eliminations.empty()) continue;
    s.technique = "ALS-XZ";
    s.rating = step_rating(Technique::als_xz);
    const auto& houses = ctx.geo.houses();
    s.detail = cat({"A = {", digits_text(a.digits), "} in ", cells_text(ctx.geo, a.cells), " (", house_name(houses[a.house]),
                    "), B = {", digits_text(b.digits), "} in ", cells_text(ctx.geo, b.cells), " (",
                    house_name(houses[b.house]), "), x = ", std::string(1, digit_char(x))});
    s.cells = a.cells;
    s.cells.insert(s.cells.end(), b.cells.begin(), b.cells.end());
    s.houses = {a.house, b.house};
    return s;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Step> find_als_xz(const Context& ctx) {
  const std::vector<Als> sets = almost_locked_sets(ctx);
  for (std::size_t i = 0; i < sets.size(); ++i)
    for (std::size_t j = i + 1; j < sets.size(); ++j)
      if (auto step = als_xz(ctx, sets[i], sets[j])) return step;
  return std::nullopt;
}

}  // namespace nonet::logic
