// How close nonet's ratings come to the published ones, and how fast.
//
//   bench_rating [--every K] [--limit N] [--set cbg|exchange|both] [--file F --scale se|sukaku]
//                [--mismatches] [--min R] [--time-limit S] [--each]
//
// Sets (from ../shared/data/rated):
//   cbg       cbg-000-se121.txt, "puzzle rating", Sudoku Explainer 1.2.1 ratings (scale se)
//   exchange  sudoku-exchange-diabolical-se.txt, "id puzzle rating", SukakuExplainer (scale sukaku)
// For every K-th puzzle: nonet's ER against the published one. Prints per band
// (published ER rounded down) the share of exact matches, the share within
// ±0.2, the unsolved count and puzzles rated per second (one thread), then a
// Spearman correlation and a confusion table of bands. --mismatches also lists
// every puzzle rated differently ("published ours hardest puzzle"), sorted so
// that the groups to fix stand together. --min R keeps only puzzles published
// at R or above (with --every 1: all the 9.0+ puzzles of a set); --time-limit S
// gives each puzzle S seconds (then unsolved); --each prints every puzzle as
// "published ours seconds hardest puzzle".
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "nonet/format.hpp"
#include "nonet/logic.hpp"

namespace {

struct Sample {
  double published;
  double ours;
  bool solved;
  double seconds;
  std::string hardest;
  std::string puzzle;
};

std::vector<double> ranks(const std::vector<double>& v) {
  std::vector<std::size_t> idx(v.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> r(v.size());
  for (std::size_t i = 0; i < idx.size();) {
    std::size_t j = i;
    while (j + 1 < idx.size() && v[idx[j + 1]] == v[idx[i]]) ++j;
    const double mean = (static_cast<double>(i) + static_cast<double>(j)) / 2 + 1;
    for (std::size_t k = i; k <= j; ++k) r[idx[k]] = mean;
    i = j + 1;
  }
  return r;
}

double spearman(const std::vector<Sample>& s) {
  std::vector<double> a, b;
  for (const Sample& x : s) {
    a.push_back(x.published);
    b.push_back(x.solved ? x.ours : 12.0);  // unsolved: beyond what nonet rates
  }
  const auto ra = ranks(a), rb = ranks(b);
  double ma = 0, mb = 0;
  for (std::size_t i = 0; i < ra.size(); ++i) ma += ra[i], mb += rb[i];
  ma /= static_cast<double>(ra.size());
  mb /= static_cast<double>(rb.size());
  double num = 0, da = 0, db = 0;
  for (std::size_t i = 0; i < ra.size(); ++i) {
    num += (ra[i] - ma) * (rb[i] - mb);
    da += (ra[i] - ma) * (ra[i] - ma);
    db += (rb[i] - mb) * (rb[i] - mb);
  }
  return num / std::sqrt(da * db);
}

int band(double r) { return std::clamp(static_cast<int>(std::floor(r + 1e-9)), 1, 10); }

// Puzzles per second: whole numbers from 100 up, a decimal below (the
// hardest bands rate a few a second).
std::string speed_text(double puzzles, double seconds) {
  const double speed = puzzles / std::max(seconds, 1e-9);
  char text[32];
  std::snprintf(text, sizeof text, speed >= 100 ? "%.0f" : "%.1f", speed);
  return text;
}

void print_mismatches(std::vector<Sample> samples) {
  std::erase_if(samples, [](const Sample& s) { return s.solved && std::abs(s.ours - s.published) < 0.05; });
  std::sort(samples.begin(), samples.end(), [](const Sample& a, const Sample& b) {
    return std::tie(a.published, a.ours, a.hardest) < std::tie(b.published, b.ours, b.hardest);
  });
  std::printf("\nMismatches (%zu): published ours hardest puzzle\n\n", samples.size());
  for (const Sample& s : samples)
    std::printf("%.1f %s %s %s\n", s.published, s.solved ? std::to_string(s.ours).substr(0, 3).c_str() : "U",
                s.hardest.c_str(), s.puzzle.c_str());
}

struct Filter {
  double min = 0;         // published rating at least this
  double time_limit = 0;  // seconds per puzzle, 0: none
  bool each = false;      // print every puzzle
};

void run_set(const std::string& name, const std::string& path, nonet::Scale scale, int every, int limit,
             bool mismatches, const Filter& filter) {
  std::ifstream in(path);
  if (!in) {
    std::printf("%s: cannot open %s\n", name.c_str(), path.c_str());
    return;
  }
  nonet::PuzzleReader reader(in, path, {});
  nonet::Record record;
  std::vector<Sample> samples;
  while (reader.next(record) && static_cast<int>(samples.size()) < limit) {
    if (!record.puzzle || record.index % every) continue;
    // The published rating is the last token of the comment.
    std::istringstream words(record.puzzle->comment);
    std::string word, last;
    while (words >> word) last = word;
    char* end = nullptr;
    const double published = std::strtod(last.c_str(), &end);
    if (end == last.c_str() || published < filter.min - 1e-9) continue;
    const auto t0 = std::chrono::steady_clock::now();
    nonet::LogicOptions options;
    options.scale = scale;
    options.time_limit = filter.time_limit;
    options.keep_steps = false;
    const nonet::Rating r = nonet::solve_logically(*record.puzzle, options).rating;
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    samples.push_back({published, r.er, r.solved, secs, r.hardest, nonet::to_line(*record.puzzle->geometry, record.puzzle->cells)});
    if (filter.each)
      std::printf("%.1f %s %.2fs %s %s\n", published, r.solved ? std::to_string(r.er).substr(0, 4).c_str() : "U", secs,
                  r.hardest.c_str(), samples.back().puzzle.c_str());
  }
  std::printf("\n## %s (%s scale, every %d-th puzzle: %zu puzzles)\n\n", name.c_str(),
              scale == nonet::Scale::se ? "se" : "sukaku", every, samples.size());
  std::printf("| band | puzzles | exact | within 0.2 | unsolved | puzzles/s |\n|---|---|---|---|---|---|\n");
  std::map<int, std::vector<const Sample*>> by_band;
  for (const Sample& s : samples) by_band[band(s.published)].push_back(&s);
  int exact_all = 0, near_all = 0, unsolved_all = 0;
  double secs_all = 0;
  for (const auto& [b, list] : by_band) {
    int exact = 0, near = 0, unsolved = 0;
    double secs = 0;
    for (const Sample* s : list) {
      exact += s->solved && std::abs(s->ours - s->published) < 0.05;
      near += s->solved && std::abs(s->ours - s->published) < 0.25;
      unsolved += !s->solved;
      secs += s->seconds;
    }
    exact_all += exact, near_all += near, unsolved_all += unsolved, secs_all += secs;
    std::printf("| %d.0-%d.9 | %zu | %.1f%% | %.1f%% | %d | %s |\n", b, b, list.size(),
                100.0 * exact / static_cast<double>(list.size()), 100.0 * near / static_cast<double>(list.size()),
                unsolved, speed_text(static_cast<double>(list.size()), secs).c_str());
  }
  const double n = static_cast<double>(std::max<std::size_t>(samples.size(), 1));
  std::printf("| all | %zu | %.1f%% | %.1f%% | %d | %s |\n", samples.size(), 100.0 * exact_all / n,
              100.0 * near_all / n, unsolved_all, speed_text(n, secs_all).c_str());
  if (samples.size() > 2) std::printf("\nSpearman correlation (unsolved ranked highest): %.4f\n", spearman(samples));
  // Confusion table: published band (rows) × nonet band (columns, U = unsolved).
  std::printf("\nConfusion (rows: published band, columns: nonet band; U: unsolved)\n\n|   |");
  for (int b = 1; b <= 10; ++b) std::printf(" %d |", b);
  std::printf(" U |\n|---|");
  for (int b = 1; b <= 11; ++b) std::printf("---|");
  std::printf("\n");
  for (const auto& [b, list] : by_band) {
    int cols[12] = {};
    for (const Sample* s : list) ++cols[s->solved ? band(s->ours) : 11];
    std::printf("| %d |", b);
    for (int c = 1; c <= 11; ++c) std::printf(" %d |", cols[c]);
    std::printf("\n");
  }
  if (mismatches) print_mismatches(samples);
}

}  // namespace

int main(int argc, char** argv) {
  int every = 10, limit = 1 << 30;
  std::string set = "both", file, scale = "se";
  bool mismatches = false;
  Filter filter;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--every") every = std::max(1, std::atoi(next().c_str()));
    else if (a == "--limit") limit = std::atoi(next().c_str());
    else if (a == "--set") set = next();
    else if (a == "--file") file = next();
    else if (a == "--scale") scale = next();
    else if (a == "--mismatches") mismatches = true;
    else if (a == "--min") filter.min = std::atof(next().c_str());
    else if (a == "--time-limit") filter.time_limit = std::atof(next().c_str());
    else if (a == "--each") filter.each = true;
    else {
      std::printf("usage: bench_rating [--every K] [--limit N] [--set cbg|exchange|both] [--file F --scale se|sukaku] [--mismatches] [--min R] [--time-limit S] [--each]\n");
      return a == "--help" || a == "-h" ? 0 : 2;
    }
  }
  std::printf("# nonet rating agreement (1 thread)\n");
  if (!file.empty()) {
    run_set(file, file, scale == "sukaku" ? nonet::Scale::sukaku : nonet::Scale::se, every, limit, mismatches, filter);
    return 0;
  }
  if (set == "cbg" || set == "both")
    run_set("cbg-000-se121", NONET_DATA_DIR "/rated/cbg-000-se121.txt", nonet::Scale::se, every, limit, mismatches, filter);
  if (set == "exchange" || set == "both")
    run_set("sudoku-exchange-diabolical", NONET_DATA_DIR "/rated/sudoku-exchange-diabolical-se.txt",
            nonet::Scale::sukaku, every, limit, mismatches, filter);
  return 0;
}
