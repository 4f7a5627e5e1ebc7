// nonet generate | render: new puzzles, and printable SVG pages of puzzles.
//
// generate makes puzzle i of a stream from (seed, i) alone, so the output is
// the same for any -j, and `--shard k/n` prints the k-th of n contiguous
// blocks of the stream: concatenating the shards' outputs in order gives the
// unsharded output byte for byte.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli_common.hpp"
#include "nonet/exact.hpp"
#include "nonet/generate.hpp"
#include "nonet/logic.hpp"
#include "nonet/render.hpp"

namespace nonet::cli {

namespace {

// Keys in the order written: index and puzzle first, as a reader expects.
using json = nlohmann::ordered_json;

// The SE rater the levels above "easy" need.
Rater se_rater() {
  return [](const Puzzle& puzzle, double max_rating) { return rate(puzzle, Scale::se, max_rating); };
}

unsigned thread_count(unsigned jobs) {
  return jobs != 0 ? jobs : std::max(1u, std::thread::hardware_concurrency());
}

// "MIN-MAX", "N" or "MIN-" for --givens.
std::pair<int, int> parse_givens(const std::string& text) {
  const auto fail = [&]() -> std::pair<int, int> {
    throw CLI::ValidationError("--givens", "expected MIN-MAX (e.g. 24-28), N or MIN-; got '" + text + "'");
  };
  try {
    const auto dash = text.find('-');
    std::size_t used = 0;
    if (dash == std::string::npos) {
      const int exact = std::stoi(text, &used);
      if (used != text.size()) return fail();
      return {exact, exact};
    }
    const std::string low = text.substr(0, dash), high = text.substr(dash + 1);
    int min = 0, max = 0;
    if (!low.empty() && (min = std::stoi(low, &used), used != low.size())) return fail();
    if (!high.empty() && (max = std::stoi(high, &used), used != high.size())) return fail();
    if (min < 0 || max < 0) return fail();
    return {min, max};
  } catch (const std::logic_error&) {
    return fail();
  }
}

// Writes SVG pages: to stdout one document after another, or to files
// OUTPUT (one page) / OUTPUT-1.svg, OUTPUT-2.svg… (several pages).
int write_pages(const std::vector<std::string>& pages, const std::string& output) {
  if (output.empty() || output == "-") {
    for (const auto& page : pages) std::cout << page;
    return kOk;
  }
  std::string stem = output;
  if (stem.size() > 4 && stem.substr(stem.size() - 4) == ".svg") stem.resize(stem.size() - 4);
  for (std::size_t i = 0; i < pages.size(); ++i) {
    const std::string name = pages.size() == 1 ? stem + ".svg" : stem + "-" + std::to_string(i + 1) + ".svg";
    std::ofstream file(name, std::ios::binary);
    if (!(file << pages[i])) {
      std::cerr << "nonet: cannot write " << name << "\n";
      return kIoError;
    }
  }
  return kOk;
}

struct GenerateCommand {
  InputOptions input;  // variant, regions, size, jobs, format
  std::uint64_t count = 1;
  std::string difficulty;
  std::string rating;
  std::string symmetry = "none";
  std::string givens;
  bool minimal = false;
  std::optional<std::uint64_t> seed;
  std::string shard = "0/1";
  bool full = false;
  bool solution = false;
  int per_page = 6;
  std::string output;
  int max_attempts = 20000;

  std::shared_ptr<const Geometry> geometry() const {
    const ReadOptions read = read_options(input);
    int size = input.size;
    if (size == 0 && !read.variant.regions.empty()) {
      size = 1;
      while (size * size < static_cast<int>(read.variant.regions.size())) ++size;
    }
    if (size == 0) size = 9;
    try {
      VariantSpec spec = read.variant;
      spec.size = 0;
      return make_geometry(spec, size);
    } catch (const GeometryError& error) {
      throw CLI::ValidationError("--variant", error.what());
    }
  }

  GenerateOptions options() const {
    GenerateOptions options;
    options.symmetry = *parse_symmetry(symmetry);
    if (!givens.empty()) std::tie(options.min_givens, options.max_givens) = parse_givens(givens);
    options.minimal = minimal;
    options.max_attempts = max_attempts;
    try {
      if (!difficulty.empty()) options.rating = find_level(difficulty)->range;
      if (!rating.empty()) options.rating = parse_rating_range(rating);
    } catch (const GenerateError& error) {
      throw CLI::ValidationError("--rating", error.what());
    }
    if (options.rating) options.rater = se_rater();
    // Only JSON and SVG print ratings; lines and grids take the same puzzles
    // without rating those whose level the basic techniques already prove.
    options.exact_rating = input.format == "json" || input.format == "svg";
    return options;
  }

  std::string describe_line(const Geometry& geometry, const GeneratedPuzzle& made) const {
    if (input.format == "grid") return to_pretty_grid(geometry, made.puzzle.cells) + "\n";
    if (input.format == "json") return puzzle_json(geometry, made).dump() + "\n";
    return to_line(geometry, made.puzzle.cells) + "\n";
  }

  json puzzle_json(const Geometry& geometry, const GeneratedPuzzle& made) const {
    json out{{"index", made.index},
             {"variant", geometry.variant()},
             {"size", geometry.size()},
             {"puzzle", to_line(geometry, made.puzzle.cells)},
             {"solution", to_line(geometry, made.solution)},
             {"givens", made.givens},
             {"symmetry", symmetry}};
    if (geometry.variant() == "jigsaw") out["regions"] = region_labels(geometry);
    if (!difficulty.empty()) out["level"] = difficulty;
    if (made.rating) {
      out["rating"] = made.rating->er;
      out["hardest"] = made.rating->hardest;
    }
    return out;
  }

  static std::string region_labels(const Geometry& geometry) {
    std::string labels;
    for (int region : geometry.regions()) labels += digit_char(region + 1);
    return labels;
  }

  // Pages need their puzzles together; each worker fills its own slot.
  int write_svg(IndexRange range, const std::function<GeneratedPuzzle(std::uint64_t)>& make) const {
    std::vector<SvgPuzzle> puzzles(range.end - range.begin);
    for_each_ordered(range, thread_count(input.jobs), [&](std::uint64_t index) {
      GeneratedPuzzle made = make(index);
      std::string caption = "#" + std::to_string(index + 1);
      if (made.rating) {
        char rating[16];
        std::snprintf(rating, sizeof rating, "   SE %.1f", made.rating->er);
        caption += rating;
      }
      puzzles[index - range.begin] = SvgPuzzle{std::move(made.puzzle), std::move(made.solution), caption};
      return std::string();
    }, [](std::uint64_t, std::string&&) {});
    return write_pages(svg_pages(puzzles, {per_page, solution}), output);
  }

  int run() const {
    const auto grid_geometry = geometry();
    const GenerateOptions generate_options = options();
    std::unique_ptr<Generator> generator;
    try {
      if (!full) generator = std::make_unique<Generator>(grid_geometry, generate_options);
    } catch (const GenerateError& error) {
      std::cerr << "nonet generate: " << error.what() << "\n";
      return kUsage;
    }
    const std::uint64_t base_seed = seed ? *seed : std::random_device{}() * 0x100000000ull + std::random_device{}();
    if (!seed) std::cerr << "nonet generate: --seed " << base_seed << "\n";
    const IndexRange range = shard_range(count, parse_shard(shard));

    const auto make = [&](std::uint64_t index) -> GeneratedPuzzle {
      if (!full) return generator->puzzle(base_seed, index);
      GeneratedPuzzle made;
      made.index = index;
      made.solution = random_full_grid(*grid_geometry, stream_seed(base_seed, index));
      made.puzzle = Puzzle{grid_geometry, made.solution, {}};
      made.givens = grid_geometry->cell_count();
      return made;
    };
    try {
      if (input.format == "svg") return write_svg(range, make);
      for_each_ordered(range, thread_count(input.jobs),
                       [&](std::uint64_t index) { return describe_line(*grid_geometry, make(index)); },
                       [](std::uint64_t, std::string&& text) { std::cout << text; });
    } catch (const GenerateError& error) {
      std::cout.flush();
      std::cerr << "nonet generate: " << error.what() << "\n";
      return kPuzzleFailed;
    }
    std::cout.flush();
    return std::cout ? kOk : kIoError;
  }
};

struct RenderCommand {
  InputOptions input;
  bool solution = false;
  int per_page = 6;
  std::string output;

  int run() const {
    const ReadOptions read = read_options(input);
    std::vector<std::string> files = input.files;
    if (files.empty()) files.push_back("-");
    std::vector<SvgPuzzle> puzzles;
    int status = kOk;
    for (const auto& file : files) {
      std::ifstream stream;
      if (file != "-") {
        stream.open(file, std::ios::binary);
        if (!stream) {
          std::cerr << "nonet: cannot open " << file << "\n";
          return kIoError;
        }
      }
      PuzzleReader reader(file == "-" ? std::cin : stream, file == "-" ? "<stdin>" : file, read);
      for (Record record; reader.next(record);) {
        if (record.error) {
          std::cerr << record.error->to_string() << "\n";
          status = kPuzzleFailed;
          continue;
        }
        SvgPuzzle item{*record.puzzle, std::nullopt, record.puzzle->comment};
        if (solution) {
          const SolveResult solved = solve(item.puzzle, SolveOptions{2, 1, false, 0});
          if (!solved.solutions.empty()) item.solution = solved.solutions.front();
          if (solved.status != SolveStatus::unique)
            std::cerr << Diagnostic{record.source, record.line, 1, to_string(solved.status)}.to_string() << "\n";
        }
        puzzles.push_back(std::move(item));
      }
    }
    const int written = write_pages(svg_pages(puzzles, {per_page, solution}), output);
    return written != kOk ? written : status;
  }
};

void add_generate_command(CLI::App& app) {
  auto state = std::make_shared<GenerateCommand>();
  CLI::App* command = app.add_subcommand("generate", "Make new puzzles with a unique solution");
  command->add_option("-n,--count", state->count, "How many puzzles (the whole stream, before --shard)")
      ->check(whole_number(0))
      ->capture_default_str();
  command->add_option("--variant", state->input.variant, "classic, diagonal, windoku or jigsaw")
      ->check(CLI::IsMember(variant_names()))
      ->capture_default_str();
  command->add_option("--regions", state->input.regions, "Jigsaw region map: N*N labels, or a file holding them");
  command->add_option("--size", state->input.size, "Grid size N (4, 6, 9, 12, 16, 25…; default 9, jigsaw: from --regions)")
      ->check(CLI::Range(4, kMaxSize));
  std::vector<std::string> level_names;
  for (const auto& level : difficulty_levels()) level_names.push_back(level.name);
  auto* difficulty = command->add_option("--difficulty", state->difficulty, "Level (an SE rating range, see below)")
                         ->check(CLI::IsMember(level_names));
  command->add_option("--rating", state->rating, "SE rating range MIN-MAX (e.g. 4.0-5.9, 8-)")->excludes(difficulty);
  command->add_option("--symmetry", state->symmetry, "Symmetry of the givens")
      ->check(CLI::IsMember(symmetry_names()))
      ->capture_default_str();
  command->add_option("--givens", state->givens, "Number of givens MIN-MAX (e.g. 22-26)");
  command->add_flag("--minimal", state->minimal,
                    "Only minimal puzzles: no given (with --symmetry: no symmetric group) can go");
  command->add_option("--seed", state->seed, "Seed (default: random, printed on stderr)");
  command->add_option("--shard", state->shard, "Part K/N of the stream (K from 0): indices [K*n/N, (K+1)*n/N)")
      ->check([](const std::string& text) {
        try {
          parse_shard(text);
          return std::string();
        } catch (const GenerateError& error) {
          return std::string(error.what());
        }
      })
      ->capture_default_str();
  command->add_option("-j,--jobs", state->input.jobs, "Threads (default: every core); output is the same for any -j");
  command->add_option("--format", state->input.format, "Output format")
      ->check(CLI::IsMember(std::vector<std::string>{"line", "grid", "json", "svg"}))
      ->capture_default_str();
  command->add_flag("--full", state->full, "Random full grids instead of puzzles");
  command->add_flag("--solution", state->solution, "svg: draw the solution in grey");
  command->add_option("--per-page", state->per_page, "svg: puzzles per A4 page")->check(CLI::Range(1, 48))->capture_default_str();
  command->add_option("-o,--output", state->output, "svg: write FILE.svg, or FILE-1.svg, FILE-2.svg… for several pages");
  command->add_option("--max-attempts", state->max_attempts, "Carvings per puzzle before giving up")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  std::string levels_text = "Levels (Sudoku Explainer rating ranges):\n";
  for (const auto& level : difficulty_levels()) {
    char range[32];
    std::snprintf(range, sizeof range, "%.1f-%.1f", level.range.min, level.range.max);
    levels_text += "  " + level.name + std::string(14 - level.name.size(), ' ') + range + "  " + level.techniques + "\n";
  }
  command->footer(levels_text +
                  "Examples:\n"
                  "  nonet generate -n 10 --difficulty easy --symmetry rot180 --seed 1\n"
                  "  nonet generate -n 1000 --rating 4.0-5.9 -j 8 --seed 7 --shard 0/4 > part0.txt\n"
                  "  nonet generate --variant jigsaw --regions regions.txt --format json\n"
                  "  nonet generate -n 12 --difficulty intermediate --format svg -o book");
  command->callback([state] { throw ExitRequest{state->run()}; });
}

void add_render_command(CLI::App& app) {
  auto state = std::make_shared<RenderCommand>();
  CLI::App* command = app.add_subcommand("render", "Draw puzzles as printable SVG (A4 pages)");
  add_input_options(*command, state->input);
  command->add_flag("--solution", state->solution, "Fill the empty cells with the solution, in grey");
  command->add_option("--per-page", state->per_page, "Puzzles per A4 page (6: 2x3)")->check(CLI::Range(1, 48))->capture_default_str();
  command->add_option("-o,--output", state->output, "Write FILE.svg, or FILE-1.svg, FILE-2.svg… for several pages (default: stdout)");
  command->footer("On stdout each page is a complete SVG document, one after the other.\n"
                  "Examples:\n"
                  "  nonet render puzzles.txt -o page\n"
                  "  nonet generate -n 4 --seed 3 | nonet render --solution --per-page 4 > answers.svg");
  command->callback([state] { throw ExitRequest{state->run()}; });
}

}  // namespace

void register_generate_commands(CLI::App& app) {
  add_generate_command(app);
  add_render_command(app);
}

}  // namespace nonet::cli
