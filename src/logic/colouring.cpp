// Simple colouring (HoDoKu's "simple colors"), for explanations and hints:
// no SE scale rates it (SE finds the same eliminations as X-cycles, 6.5+).
//
// For one digit d, the strong links (houses where d has exactly two places)
// join cells into clusters; along a cluster the two colours alternate, and
// exactly one colour holds d.
//   Trap: a cell outside the cluster that sees both colours loses d.
//   Wrap: two cells of one colour see each other, so that colour is false:
//         every cell of it loses d.
#include "internal.hpp"

namespace nonet::logic {

namespace {

struct Cluster {
  std::vector<int> cells;
  std::vector<int> colour;  // parallel to cells: 0 or 1
  std::vector<Link> links;
};

// The strong-link clusters of digit d, each 2-coloured by a breadth-first walk.
std::vector<Cluster> clusters(const Context& ctx, int d) {
  const auto& houses = ctx.geo.houses();
  std::vector<std::vector<std::pair<int, int>>> partners(ctx.cells());  // cell -> (partner, house)
  for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
    const Mask w = ctx.where(h, d);
    if (popcount(w) != 2) continue;
    const int a = houses[h].cells[std::countr_zero(w)], b = houses[h].cells[63 - std::countl_zero(w)];
    partners[a].emplace_back(b, h);
    partners[b].emplace_back(a, h);
  }
  std::vector<int> colour_of(ctx.cells(), -1);
  std::vector<Cluster> out;
  for (int start = 0; start < ctx.cells(); ++start) {
    if (partners[start].empty() || colour_of[start] >= 0) continue;
    Cluster cluster;
    colour_of[start] = 0;
    cluster.cells.push_back(start);
    for (std::size_t i = 0; i < cluster.cells.size(); ++i) {
      const int cell = cluster.cells[i];
      for (auto [partner, house] : partners[cell]) {
        (void)house;
        if (colour_of[partner] >= 0) continue;
        colour_of[partner] = 1 - colour_of[cell];
        cluster.cells.push_back(partner);
        cluster.links.push_back({{cell, d}, {partner, d}, true});
      }
    }
    for (int cell : cluster.cells) cluster.colour.push_back(colour_of[cell]);
    if (cluster.links.size() >= 2) out.push_back(std::move(cluster));
  }
  return out;
}

std::string colour_text(const Context& ctx, const Cluster& cluster, int colour) {
  std::vector<int> cells;
  for (std::size_t i = 0; i < cluster.cells.size(); ++i)
    if (cluster.colour[i] == colour) cells.push_back(cluster.cells[i]);
  return cells_text(ctx.geo, cells);
}

Step colouring_step(const Context& ctx, const Cluster& cluster, int d, std::string detail) {
  Step s;
  s.technique = "Simple colouring";
  s.rating = step_rating(Technique::simple_colouring);
  s.detail = cat({"digit ", std::string(1, digit_char(d)), ", ", detail, " (colours ", colour_text(ctx, cluster, 0), " / ",
                  colour_text(ctx, cluster, 1), ")"});
  s.cells = cluster.cells;
  s.links = cluster.links;
  return s;
}

// Two cells of one colour that see each other: that colour is false.
std::optional<Step> colour_wrap(const Context& ctx, const Cluster& cluster, int d) {
  for (std::size_t i = 0; i < cluster.cells.size(); ++i)
    for (std::size_t j = i + 1; j < cluster.cells.size(); ++j) {
      if (cluster.colour[i] != cluster.colour[j] || !ctx.tables.sees(cluster.cells[i], cluster.cells[j])) continue;
      const int wrong = cluster.colour[i];
      std::vector<int> false_cells;
      for (std::size_t k = 0; k < cluster.cells.size(); ++k)
        if (cluster.colour[k] == wrong) false_cells.push_back(cluster.cells[k]);
      Step s = colouring_step(ctx, cluster, d,
                              cat({"colour wrap: ", ctx.geo.cell_name(cluster.cells[i]), " and ",
                                   ctx.geo.cell_name(cluster.cells[j]), " share a colour and see each other"}));
      if (add_eliminations(ctx, s, false_cells, digit_bit(d))) return s;
    }
  return std::nullopt;
}

// A cell outside the cluster that sees both colours.
std::optional<Step> colour_trap(const Context& ctx, const Cluster& cluster, int d) {
  Step s = colouring_step(ctx, cluster, d, "colour trap: cells that see both colours");
  for (int x = 0; x < ctx.cells(); ++x) {
    if (ctx.grid.value(x) || !ctx.grid.has(x, d)) continue;
    bool sees[2] = {false, false};
    for (std::size_t i = 0; i < cluster.cells.size(); ++i)
      if (cluster.cells[i] != x && ctx.tables.sees(x, cluster.cells[i])) sees[cluster.colour[i]] = true;
    if (sees[0] && sees[1]) add_eliminations(ctx, s, {x}, digit_bit(d));
  }
  if (s.eliminations.empty()) return std::nullopt;
  return s;
}

}  // namespace

std::optional<Step> find_simple_colouring(const Context& ctx) {
  for (int d = 1; d <= ctx.n(); ++d)
    for (const Cluster& cluster : clusters(ctx, d)) {
      if (auto step = colour_wrap(ctx, cluster, d)) return step;
      if (auto step = colour_trap(ctx, cluster, d)) return step;
    }
  return std::nullopt;
}

}  // namespace nonet::logic
