// nonet generate | render: new puzzles, and printable sheets of puzzles (SVG
// or PDF, A4 or US Letter).
//
// generate makes puzzle i of a stream from (seed, i) alone, so the output is
// the same for any -j, and `--shard k/n` prints the k-th of n contiguous
// blocks of the stream: concatenating the shards' outputs in order gives the
// unsharded output byte for byte.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <mutex>
#include <chrono>
#include <memory>
#include <random>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli_common.hpp"
#include "format/puzzle_json.hpp"
#include "core/workers.hpp"
#include "ordered_runner.hpp"
#include "nonet/constraints.hpp"
#include "nonet/exact.hpp"
#include "nonet/generate.hpp"
#include "nonet/logic.hpp"
#include "nonet/render.hpp"

namespace nonet::cli {

namespace {

// Keys in the order written: index and puzzle first, as a reader expects.
using json = nlohmann::ordered_json;

// "MIN-MAX", "N" or "MIN-" for --givens and --cage-size (MAX 0: none).
std::pair<int, int> parse_range(const std::string& option, const std::string& text) {
  const auto fail = [&]() -> std::pair<int, int> {
    throw CLI::ValidationError(option, "expected MIN-MAX (e.g. 24-28), N or MIN-; got '" + text + "'");
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

// What the sheet options of generate and render ask for.
struct SheetSettings {
  std::string format = "svg";  // svg | pdf (generate: when --format is one of them)
  bool solution = false;       // the solution in grey in the puzzles' grids
  bool solutions = false;      // a solutions section after the puzzles
  int per_page = 0;            // 0: 6 (fewer puzzles: that many), or 1 for grids of 16×16 and up
  std::string paper = "a4";
  std::string title = "nonet";
  std::string output;
};

void add_sheet_options(CLI::App& command, SheetSettings& sheet, const std::string& scope) {
  // "svg, pdf: fill the…" on generate, "Fill the…" on render.
  const auto prefix = [&scope](std::string text) {
    if (scope.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return scope + text;
  };
  command.add_flag("--solution", sheet.solution, prefix("fill the empty cells with the solution, in grey"));
  command.add_flag("--solutions", sheet.solutions, prefix("after the puzzles, a section of their solutions"));
  command.add_option("--per-page", sheet.per_page, prefix("puzzles per page (default 6: 2x3, or as many as there are when fewer; 1 for 16x16 and up)"))
      ->check(CLI::Range(1, 48));
  command.add_option("--paper", sheet.paper, prefix("page size"))
      ->check(CLI::IsMember(std::vector<std::string>{"a4", "letter"}))
      ->capture_default_str();
  command.add_option("--title", sheet.title, prefix("title at the top of every page ('' for none)"))->capture_default_str();
  command.add_option("-o,--output", sheet.output,
                     "Write pdf to FILE.pdf; svg to FILE.svg, or FILE-1.svg, FILE-2.svg… a page each "
                     "(default: stdout; svg pages stacked in one document)");
}

// The file appears whole or not at all: the data goes to a temporary beside
// it (the same file system, so the rename is atomic) that replaces it only
// once every byte was written; a failure leaves no partial file behind.
bool write_file(const std::string& name, const std::string& data) {
  const auto slash = name.rfind('/');
  const std::size_t base = slash == std::string::npos ? 0 : slash + 1;
  std::string temporary = name.substr(0, base) + "." + name.substr(base) + ".XXXXXX";
  const int fd = ::mkstemp(temporary.data());
  bool written = fd >= 0;
  if (written) {
    // mkstemp makes it private; the file gets the mode an ordinary create would.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    written = ::fchmod(fd, 0666 & ~mask) == 0;
  }
  for (std::size_t done = 0; written && done < data.size();) {
    const ssize_t wrote = ::write(fd, data.data() + done, data.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    written = wrote > 0;
    if (written) done += static_cast<std::size_t>(wrote);
  }
  if (fd >= 0 && ::close(fd) != 0) written = false;
  if (written && ::rename(temporary.c_str(), name.c_str()) == 0) return true;
  const int error = errno;
  if (fd >= 0) ::unlink(temporary.c_str());
  std::cerr << "nonet: cannot write " << name << (error != 0 ? std::string(": ") + std::strerror(error) : "") << "\n";
  return false;
}

bool write_stdout(const std::string& data) {
  errno = 0;
  std::cout.write(data.data(), static_cast<std::streamsize>(data.size()));
  return flush_stdout(errno);
}

// Thrown by the writer of generated puzzles when standard output fails: the
// run stops instead of generating for nobody.
struct OutputFailed {
  int error;
};

// generate --stats: what was made, on stderr.
class GenerateStats {
 public:
  void add(const GeneratedPuzzle& made) {
    std::lock_guard lock(mutex_);
    ++puzzles_;
    givens_ += static_cast<std::uint64_t>(made.givens);
    fewest_ = std::min(fewest_, made.givens);
    most_ = std::max(most_, made.givens);
    if (made.rating) {
      char rating[16];
      std::snprintf(rating, sizeof rating, "SE %.1f", made.rating->er);
      ++ratings_[rating];
    }
  }
  void print(double seconds, unsigned jobs) const {
    std::cerr << "puzzles: " << puzzles_ << "\n";
    if (puzzles_ > 0) {
      char line[96];
      std::snprintf(line, sizeof line, "givens: %.1f on average, %d to %d\n",
                    static_cast<double>(givens_) / static_cast<double>(puzzles_), fewest_, most_);
      std::cerr << line;
    }
    for (const auto& [rating, count] : ratings_) std::cerr << "  " << rating << ": " << count << "\n";
    std::cerr << timing_text(puzzles_, seconds, jobs, "puzzles") << "\n";
  }

 private:
  mutable std::mutex mutex_;
  std::uint64_t puzzles_ = 0, givens_ = 0;
  int fewest_ = std::numeric_limits<int>::max(), most_ = 0;
  std::map<std::string, std::uint64_t> ratings_;
};

bool writes_stdout(const SheetSettings& sheet) { return sheet.output.empty() || sheet.output == "-"; }

// A PDF is binary: never onto a terminal (checked before any work is done).
bool refuses_terminal(const SheetSettings& sheet) {
  if (sheet.format != "pdf" || !writes_stdout(sheet) || !isatty(STDOUT_FILENO)) return false;
  std::cerr << "nonet: not writing a PDF to a terminal: use -o FILE.pdf or redirect stdout\n";
  return true;
}

// Draws the sheet and writes it. PDF: one file (OUTPUT, ".pdf" added unless
// there), or stdout when it is not a terminal. SVG: to stdout one document
// with the pages stacked, to files OUTPUT.svg (one page) or OUTPUT-1.svg,
// OUTPUT-2.svg… (several).
int write_sheet(const std::vector<SvgPuzzle>& puzzles, const SheetSettings& sheet) {
  SvgOptions options;
  options.per_page = sheet.per_page;
  if (options.per_page == 0) {
    int largest = 0;
    for (const auto& item : puzzles) largest = std::max(largest, item.puzzle.geometry->size());
    // Fewer puzzles than 6 get larger grids; big grids get a page each.
    options.per_page = largest >= 16 ? 1 : static_cast<int>(std::clamp<std::size_t>(puzzles.size(), 1, 6));
  }
  options.solution = sheet.solution;
  options.solutions_section = sheet.solutions;
  options.paper = sheet.paper == "letter" ? Paper::letter : Paper::a4;
  options.title = sheet.title;
  options.page_numbers = true;
  const bool to_stdout = writes_stdout(sheet);
  if (refuses_terminal(sheet)) return kUsage;
  try {
    if (sheet.format == "pdf") {
      const std::string pdf = pdf_document(puzzles, options);
      if (to_stdout) return write_stdout(pdf) ? kOk : kIoError;
      const bool named = sheet.output.size() > 4 && sheet.output.substr(sheet.output.size() - 4) == ".pdf";
      return write_file(named ? sheet.output : sheet.output + ".pdf", pdf) ? kOk : kIoError;
    }
    if (to_stdout) return write_stdout(svg_document(puzzles, options)) ? kOk : kIoError;
    const std::vector<std::string> pages = svg_pages(puzzles, options);
    std::string stem = sheet.output;
    if (stem.size() > 4 && stem.substr(stem.size() - 4) == ".svg") stem.resize(stem.size() - 4);
    for (std::size_t i = 0; i < pages.size(); ++i) {
      const std::string name = pages.size() == 1 ? stem + ".svg" : stem + "-" + std::to_string(i + 1) + ".svg";
      if (!write_file(name, pages[i])) return kIoError;
    }
    return kOk;
  } catch (const std::runtime_error& error) {
    std::cerr << "nonet: cannot draw the sheet: " << error.what() << "\n";
    return kIoError;
  }
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
  std::string cage_size = "2-5";
  bool cage_givens = false;
  SheetSettings sheet;
  int max_attempts = 20000;

  // --size N where N has no boxes (a prime): the option to blame, and the
  // sizes that do work.
  static CLI::ValidationError size_without_boxes(int size) {
    std::string examples;
    for (int n = 4; n <= kMaxSize && std::count(examples.begin(), examples.end(), ',') < 8; ++n)
      if (Geometry::box_shape(n)) examples += std::to_string(n) + ", ";
    return CLI::ValidationError("--size", std::to_string(size) + " has no box shape (" + std::to_string(size) +
                                              " is prime): use a size from 4 to " + std::to_string(kMaxSize) +
                                              " that is not prime (" + examples + "...), a jigsaw, or --variant latin");
  }

  // --variant killer, thermo, kropki, arrow: rules on a classic grid.
  std::optional<VariantRules> rules() const { return parse_variant_rules(input.variant); }

  std::shared_ptr<const Geometry> geometry() const {
    InputOptions grid_input = input;
    if (rules()) grid_input.variant = "classic";
    const ReadOptions read = read_options(grid_input);
    if (input.size != 0 && read.variant.regions.empty() && read.variant.name != "latin" && !Geometry::box_shape(input.size))
      throw size_without_boxes(input.size);
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
    if (!givens.empty()) std::tie(options.min_givens, options.max_givens) = parse_range("--givens", givens);
    options.minimal = minimal;
    options.max_attempts = max_attempts;
    if (const auto variant_rules = rules()) {
      options.rules = *variant_rules;
      std::tie(options.min_cage, options.max_cage) = parse_range("--cage-size", cage_size);
      if (options.max_cage == 0) options.max_cage = std::max(options.min_cage, 5);
      options.killer_givens = cage_givens;
    }
    try {
      if (!difficulty.empty()) options.rating = find_level(difficulty)->range;
      if (!rating.empty()) options.rating = parse_rating_range(rating);
    } catch (const GenerateError& error) {
      throw CLI::ValidationError("--rating", error.what());
    }
    // Only JSON and the sheets print ratings; lines and grids take the same
    // puzzles without rating those whose level the basic techniques already prove.
    options.exact_rating = input.format == "json" || sheet_format();
    return options;
  }

  bool sheet_format() const { return input.format == "svg" || input.format == "pdf"; }

  std::string describe_line(const Geometry& geometry, const GeneratedPuzzle& made) const {
    // A line cannot hold rules: a variant puzzle is written as nonet's JSON.
    if (!made.puzzle.constraints.empty() && input.format != "json") return to_json(made.puzzle) + "\n";
    if (input.format == "grid") return to_pretty_grid(geometry, made.puzzle.cells) + "\n";
    if (input.format == "json") return json_line(puzzle_json(geometry, made));
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
    if (geometry.variant() == "jigsaw") out["regions"] = to_region_line(geometry);
    if (!made.puzzle.constraints.empty()) out["constraints"] = encode::puzzle(made.puzzle)["constraints"];
    if (!difficulty.empty()) out["level"] = difficulty;
    if (made.rating) {
      out["rating"] = made.rating->er;
      out["hardest"] = made.rating->hardest;
    }
    return out;
  }

  // Pages need their puzzles together; each worker fills its own slot.
  int write_sheet_of(IndexRange range, const std::function<GeneratedPuzzle(std::uint64_t)>& make,
                     bool rate_missing) const {
    std::vector<SvgPuzzle> puzzles(range.end - range.begin);
    for_each_ordered(range, detail::worker_count(input.jobs), [&](std::uint64_t index) {
      GeneratedPuzzle made = make(index);
      // A level the singles prove is not rated while generating; the sheet
      // prints the rating, which for such an easy puzzle is quick to find.
      if (!made.rating && rate_missing) made.rating = rate(made.puzzle, Scale::se);
      std::string caption = "#" + std::to_string(index + 1);
      if (made.rating) {
        char rating[16];
        std::snprintf(rating, sizeof rating, "   SE %.1f", made.rating->er);
        caption += rating;
      }
      puzzles[index - range.begin] = SvgPuzzle{std::move(made.puzzle), std::move(made.solution), caption};
      return std::string();
    }, [](std::uint64_t, std::string&&) {});
    SheetSettings settings = sheet;
    settings.format = input.format;
    return write_sheet(puzzles, settings);
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
    SheetSettings settings = sheet;
    settings.format = input.format;
    if (sheet_format() && refuses_terminal(settings)) return kUsage;
    const std::uint64_t base_seed = seed ? *seed : std::random_device{}() * 0x100000000ull + std::random_device{}();
    if (!seed) std::cerr << "nonet generate: --seed " << base_seed << "\n";
    const IndexRange range = shard_range(count, parse_shard(shard));

    GenerateStats stats;
    const auto started = std::chrono::steady_clock::now();
    const auto make = [&](std::uint64_t index) -> GeneratedPuzzle {
      GeneratedPuzzle made;
      if (!full) {
        made = generator->puzzle(base_seed, index);
      } else {
        made.index = index;
        made.solution = random_full_grid(*grid_geometry, stream_seed(base_seed, index));
        made.puzzle = Puzzle{grid_geometry, made.solution, {}};
        made.givens = grid_geometry->cell_count();
      }
      if (input.stats) stats.add(made);
      return made;
    };
    const auto print_stats = [&] {
      if (input.stats)
        stats.print(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
                    detail::worker_count(input.jobs));
    };
    try {
      if (sheet_format()) {
        const int written = write_sheet_of(range, make, generate_options.rating.has_value() && !full);
        print_stats();
        return written;
      }
      for_each_ordered(range, detail::worker_count(input.jobs),
                       [&](std::uint64_t index) { return describe_line(*grid_geometry, make(index)); },
                       [](std::uint64_t, std::string&& text) {
                         errno = 0;
                         if (!(std::cout << text)) throw OutputFailed{errno};
                       });
    } catch (const GenerateError& error) {
      std::cout.flush();
      std::cerr << "nonet generate: " << error.what() << "\n";
      return kPuzzleFailed;
    } catch (const OutputFailed& failure) {
      report_output_failure(failure.error);
      return kIoError;
    }
    const bool written = flush_stdout(0);
    print_stats();
    return written ? kOk : kIoError;
  }
};

struct RenderCommand {
  InputOptions input;
  SheetSettings sheet;

  void add_record(const Record& record, std::vector<SvgPuzzle>& puzzles, int& status) const {
    if (record.error) {
      std::cerr << record.error->to_string() << "\n";
      if (status == kOk) status = kPuzzleFailed;
      return;
    }
    // A rule that cannot hold has no true drawing (a dot between cells apart):
    // the puzzle is left out, naming it, as check calls it invalid.
    for (const Constraint& rule : record.puzzle->constraints)
      if (const std::string why = malformed(*record.puzzle->geometry, rule); !why.empty()) {
        std::cerr << Diagnostic{record.source, record.line, 1, "invalid: " + why + ": the puzzle is left out"}.to_string()
                  << "\n";
        if (status == kOk) status = kPuzzleFailed;
        return;
      }
    // Numbered, so the solutions section names the puzzle each grid solves.
    std::string caption = "#" + std::to_string(puzzles.size() + 1);
    if (!record.puzzle->comment.empty()) caption += "   " + record.puzzle->comment;
    SvgPuzzle item{*record.puzzle, std::nullopt, caption};
    if (sheet.solution || sheet.solutions) {
      SolveOptions options{2, 1, false, 0};
      use_pencil_marks(record, options);
      const SolveResult solved = solve(item.puzzle, options);
      if (!solved.solutions.empty()) item.solution = solved.solutions.front();
      // The reason check gives (the clash, its house and cells), or the status alone.
      Outcome failure;
      if (!mark_failure(record, solved, failure) && solved.status != SolveStatus::unique)
        failure.err = Diagnostic{record.source, record.line, 1, to_string(solved.status)}.to_string();
      if (!failure.err.empty()) std::cerr << failure.err << "\n";
    }
    puzzles.push_back(std::move(item));
  }

  int run() const {
    if (refuses_terminal(sheet)) return kUsage;
    const ReadOptions read = read_options(input);
    std::vector<std::string> files = input.files;
    if (files.empty()) files.push_back("-");
    std::vector<SvgPuzzle> puzzles;
    int status = kOk;
    for (const auto& file : files) {
      std::ifstream stream;
      if (file != "-") {
        if (const std::string reason = input_problem(file); !reason.empty()) {
          std::cerr << "nonet: cannot open " << file << ": " << reason << "\n";
          status = kIoError;
          continue;
        }
        stream.open(file, std::ios::binary);
      }
      PuzzleReader reader(file == "-" ? std::cin : stream, file == "-" ? "<stdin>" : file, read);
      errno = 0;
      try {
        for (Record record; reader.next(record);) add_record(record, puzzles, status);
      } catch (const std::exception& error) {
        std::cerr << "nonet: error reading " << file << ": " << read_error_reason(error) << "\n";
        status = kIoError;
      }
    }
    // Nothing could be read: no sheet (an empty page would pass for one).
    if (puzzles.empty() && status == kIoError) return status;
    const int written = write_sheet(puzzles, sheet);
    return written != kOk ? written : status;
  }
};

// `start`, then a list ("a, b, c") wrapped to kHelpWidth columns between
// its items, its further lines indented as far as `start` reaches.
std::string wrapped_list(const std::string& start, const std::string& list) {
  constexpr std::size_t kHelpWidth = 100;
  const std::string indent(start.size(), ' ');
  std::string out = start;
  std::size_t line_start = 0, from = 0;
  while (from < list.size()) {
    const std::size_t comma = list.find(", ", from);
    const std::size_t end = comma == std::string::npos ? list.size() : comma + 1;
    const std::string item = list.substr(from, end - from);
    if (from > 0 && out.size() - line_start + 1 + item.size() > kHelpWidth) {
      out += "\n";
      line_start = out.size();
      out += indent;
    } else if (from > 0) {
      out += ' ';
    }
    out += item;
    from = end == list.size() ? end : end + 1;
  }
  return out + "\n";
}

void add_generate_command(CLI::App& app) {
  auto state = std::make_shared<GenerateCommand>();
  CLI::App* command = app.add_subcommand("generate", "Make new puzzles with a unique solution");
  command->add_option("-n,--count", state->count, "How many puzzles (the whole stream, before --shard)")
      ->check(whole_number(0))
      ->capture_default_str();
  std::vector<std::string> generated_variants = variant_names();
  for (const std::string& name : variant_rules_names()) generated_variants.push_back(name);
  command->add_option("--variant", state->input.variant,
                      "classic, diagonal, windoku, jigsaw or latin; or killer, thermo, kropki, arrow (rules on a classic grid)")
      ->check(CLI::IsMember(generated_variants))
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
      ->check(CLI::IsMember(std::vector<std::string>{"line", "grid", "json", "svg", "pdf"}))
      ->capture_default_str();
  command->add_flag("--full", state->full, "Random full grids instead of puzzles");
  command->add_option("--cage-size", state->cage_size, "killer: cage sizes MIN-MAX (a cage hemmed in may stay smaller)")
      ->capture_default_str();
  command->add_flag("--cage-givens", state->cage_givens,
                    "killer: givens where the cages leave two solutions (default: cages are cut instead)");
  command->add_flag("--stats", state->input.stats, "Print the number of puzzles, their givens and ratings, time and puzzles/s on stderr");
  add_sheet_options(*command, state->sheet, "svg, pdf: ");
  command->add_option("--max-attempts", state->max_attempts, "Carvings per puzzle before giving up")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  std::string levels_text = "Levels (Sudoku Explainer rating ranges, and the techniques of SE's ladder in each):\n";
  for (const auto& level : difficulty_levels()) {
    char columns[64];
    std::snprintf(columns, sizeof columns, "  %-14s%.1f-%-6.1f", level.name.c_str(), level.range.min, level.range.max);
    levels_text += wrapped_list(columns, level.techniques);
  }
  command->footer(levels_text +
                  "Examples:\n"
                  "  nonet generate -n 10 --difficulty easy --symmetry rot180 --seed 1\n"
                  "  nonet generate -n 1000 --rating 4.0-5.9 -j 8 --seed 7 --shard 0/4 > part0.txt\n"
                  "  nonet generate --variant jigsaw --regions regions.txt --format json\n"
                  "  nonet generate -n 5 --variant killer --cage-size 2-4 --symmetry rot180 --seed 1\n"
                  "  nonet generate -n 12 --difficulty intermediate --format svg -o book\n"
                  "  nonet generate -n 24 --difficulty expert --format pdf --solutions --paper letter -o book");
  command->callback([state] { throw ExitRequest{state->run()}; });
}

void add_render_command(CLI::App& app) {
  auto state = std::make_shared<RenderCommand>();
  CLI::App* command = app.add_subcommand("render", "Draw puzzles as printable SVG or PDF (A4 or Letter pages)");
  add_input_options(*command, state->input);
  command->add_option("--format", state->sheet.format, "Output format")
      ->check(CLI::IsMember(std::vector<std::string>{"svg", "pdf"}))
      ->capture_default_str();
  add_sheet_options(*command, state->sheet, "");
  command->footer("A PDF holds every page; SVG on stdout is one document with the pages stacked,\n"
                  "with -o one file a page. A PDF is never written to a terminal.\n"
                  "Examples:\n"
                  "  nonet render puzzles.txt -o page\n"
                  "  nonet render --format pdf --solutions --title 'Week 12' puzzles.txt -o week12\n"
                  "  nonet generate -n 4 --seed 3 | nonet render --solution --per-page 4 > answers.svg");
  command->callback([state] { throw ExitRequest{state->run()}; });
}

}  // namespace

void register_generate_commands(CLI::App& app) {
  add_generate_command(app);
  add_render_command(app);
}

}  // namespace nonet::cli
