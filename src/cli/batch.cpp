// The batch runner behind every command that reads puzzles.
//
// The records of the inputs are cut into blocks, and the blocks run on the
// ordered runner (ordered_runner.hpp): every worker thread (the calling
// thread is one of them) reads its next block under the runner's claim
// lock, processes it, and the runner hands the blocks to the writer in input
// order. Blocks keep locking off the per-puzzle path; the runner's window
// keeps memory flat on inputs of any length; output order is input order by
// construction. -j 1 is one thread: one job, one core.
#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <cerrno>
#include <filesystem>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <thread>
#include <cmath>
#include <cctype>

#include "cli_common.hpp"
#include "core/workers.hpp"
#include "ordered_runner.hpp"

namespace nonet::cli {

namespace {

using Clock = std::chrono::steady_clock;

// An outcome as the writer needs it: its stdout text is Block::text from the
// previous outcome's out_end up to its own.
struct BlockOutcome {
  std::size_t out_end = 0;
  std::string err;
  bool failed = false;
  std::string tally;
};

struct Block {
  std::vector<Record> records;
  std::string text;  // every outcome's stdout text, in order: one buffer, not one string each
  std::vector<BlockOutcome> outcomes;
  std::string opening_notes, closing_notes;  // stderr lines about the input itself
  bool typed = false;                          // read from a terminal: show the answer at once
};

using Process = std::function<void(const Record&, Outcome&)>;
using MalformedLine = std::function<std::string(const Record&)>;

// Cuts the inputs, file after file, into blocks of records on request. Not
// thread-safe: workers take turns under BatchRun's read lock.
class BlockSource {
 public:
  BlockSource(const InputOptions& options, ReadOptions read, std::atomic<bool>& io_failed)
      : files_(options.files), read_(std::move(read)), io_failed_(io_failed) {
    if (files_.empty()) files_.push_back("-");
    total_bytes_ = total_size(files_);
  }

  // The size of every input together, for the progress bar; 0 when one of
  // them (a pipe, standard input) has no size known in advance.
  static std::uint64_t total_size(const std::vector<std::string>& files) {
    std::uint64_t total = 0;
    for (const std::string& file : files) {
      struct stat info {};
      if (file == "-" || ::stat(file.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return 0;
      total += static_cast<std::uint64_t>(info.st_size);
    }
    return total;
  }

  std::uint64_t total_bytes() const { return total_bytes_; }
  // Bytes of the inputs read so far (meaningful when total_bytes() is known).
  std::uint64_t bytes_read() const {
    std::uint64_t done = finished_bytes_;
    if (stream_) {
      const auto position = stream_->rdbuf()->pubseekoff(0, std::ios::cur, std::ios::in);
      if (position > 0) done += static_cast<std::uint64_t>(position);
    }
    return done;
  }

  // Reads up to `limit` records of one input into `block` (its spare records
  // are read into again); false when every input is used up. A block ends
  // where its input ends, and an input that cannot be opened or read is
  // reported in the block, so the message keeps its place in the output.
  bool fill(Block& block, std::size_t limit) {
    block.opening_notes.clear();
    block.closing_notes.clear();
    std::size_t count = 0;
    while (count == 0 && block.closing_notes.empty() && (reader_ || open_next(block.opening_notes))) {
      for (; count < limit; ++count) {
        if (count == block.records.size()) block.records.emplace_back();
        if (!next_record(block.records[count], block.closing_notes)) {
          close_current(block.closing_notes);
          break;
        }
      }
    }
    block.records.resize(count);
    block.typed = interactive_;
    return count != 0 || !block.opening_notes.empty() || !block.closing_notes.empty();
  }

  // Typing at a terminal: answer each puzzle as soon as it is entered.
  bool interactive() const { return interactive_; }
  // Whether some input held no puzzle (empty, only a CSV header, binary).
  bool some_input_without_puzzles() const { return input_without_puzzles_; }

 private:
  // The next record of the current input, numbered across all the inputs
  // (record i of the run is output i); false at its end, or at a read error
  // (reported in `notes`: the records before it are kept).
  bool next_record(Record& record, std::string& notes) {
    try {
      if (!reader_->next(record)) return false;
    } catch (const std::exception& error) {
      notes += "nonet: error reading " + current_ + ": " + read_error_reason(error) + "\n";
      io_failed_ = true;
      read_failed_ = true;
      return false;
    }
    if (record.whole_input) {
      // An input without puzzles gets its message but no output line: there
      // is no puzzle for one to stand for.
      notes += record.error->to_string() + "\n";
      input_without_puzzles_ = true;
      return false;
    }
    record.index = next_index_++;
    return true;
  }


  bool open_next(std::string& notes) {
    while (next_file_ < files_.size()) {
      const std::string& file = files_[next_file_++];
      const bool from_stdin = file == "-";
      current_ = file;
      std::istream* in = &std::cin;
      if (!from_stdin) {
        if (const std::string reason = input_problem(file); !reason.empty()) {
          notes += "nonet: cannot open " + file + ": " + reason + "\n";
          io_failed_ = true;
          continue;
        }
        stream_ = std::make_unique<std::ifstream>();
        // Read errors (EIO, a file that turns out unreadable) come as
        // exceptions from the stream buffer; they are caught per record.
        errno = 0;
        stream_->rdbuf()->pubsetbuf(buffer_.get(), static_cast<std::streamsize>(kBufferSize));
        stream_->open(file, std::ios::binary);
        if (!*stream_) {
          notes += "nonet: cannot open " + file + ": " + std::strerror(errno) + "\n";
          io_failed_ = true;
          continue;
        }
        in = stream_.get();
      }
      interactive_ = from_stdin && isatty(STDIN_FILENO);
      reader_ = std::make_unique<PuzzleReader>(*in, from_stdin ? "<stdin>" : file, read_);
      return true;
    }
    return false;
  }

  void close_current(std::string& notes) {
    reader_.reset();
    if (stream_ && stream_->bad() && !read_failed_) {
      notes += "nonet: error reading " + current_ + "\n";
      io_failed_ = true;
    }
    if (stream_) {
      struct stat info {};
      if (::stat(current_.c_str(), &info) == 0 && S_ISREG(info.st_mode))
        finished_bytes_ += static_cast<std::uint64_t>(info.st_size);
    }
    stream_.reset();
    interactive_ = false;
    read_failed_ = false;
  }

  std::vector<std::string> files_;
  ReadOptions read_;
  std::atomic<bool>& io_failed_;
  std::size_t next_file_ = 0, next_index_ = 0;
  std::uint64_t total_bytes_ = 0, finished_bytes_ = 0;
  bool read_failed_ = false;
  bool input_without_puzzles_ = false;
  std::string current_;
  // Not zero-filled: a megabyte of memset and page faults at every start.
  static constexpr std::size_t kBufferSize = 1 << 20;
  std::unique_ptr<char[]> buffer_ = std::make_unique_for_overwrite<char[]>(kBufferSize);
  std::unique_ptr<std::ifstream> stream_;
  std::unique_ptr<PuzzleReader> reader_;
  bool interactive_ = false;
};

struct Tally {
  std::map<std::string, std::size_t> counts;
  std::size_t puzzles = 0;
  bool any_failed = false;
};

// "1:05" or "1:02:03".
std::string clock_text(double seconds) {
  const auto whole = static_cast<long long>(seconds + 0.5);
  char text[32];
  if (whole >= 3600) std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", whole / 3600, whole / 60 % 60, whole % 60);
  else std::snprintf(text, sizeof text, "%lld:%02lld", whole / 60, whole % 60);
  return text;
}

// A rate with enough digits to mean something when it is small: "0.42", "37.5", "12345".
std::string rate_text(double per_second) {
  char text[32];
  std::snprintf(text, sizeof text, per_second >= 100 ? "%.0f" : per_second >= 10 ? "%.1f" : "%.2f", per_second);
  return text;
}

// On a terminal only: puzzles done, puzzles/s and time spent; with the share
// of the input read, a bar and the time left.
class ProgressBar {
 public:
  explicit ProgressBar(std::uint64_t total_bytes)
      : enabled_(isatty(STDERR_FILENO) != 0), total_bytes_(total_bytes), start_(Clock::now()) {}
  void update(std::size_t done, std::uint64_t bytes_read) {
    if (!enabled_) return;
    const auto now = Clock::now();
    if (now - last_ < std::chrono::milliseconds(200)) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    std::string line = "\r";
    if (total_bytes_ > 0) {
      const double share = std::min(1.0, static_cast<double>(bytes_read) / static_cast<double>(total_bytes_));
      constexpr int kWidth = 20;
      const int filled = static_cast<int>(share * kWidth);
      line += "[" + std::string(filled, '#') + std::string(kWidth - filled, ' ') + "] " +
              std::to_string(static_cast<int>(share * 100)) + "% ";
      if (share > 0) line_tail_ = ", " + clock_text(seconds * (1 - share) / share) + " left";
    }
    line += std::to_string(done) + " puzzles, " + rate_text(seconds > 0 ? done / seconds : 0) + "/s, " +
            clock_text(seconds) + (total_bytes_ > 0 ? line_tail_ : "");
    width_ = std::max(width_, line.size());
    std::cerr << line << std::string(width_ - line.size(), ' ') << std::flush;
  }
  void finish() {
    if (enabled_ && width_ > 0) std::cerr << "\r" << std::string(width_, ' ') << "\r" << std::flush;
  }
  bool enabled() const { return enabled_; }

 private:
  bool enabled_;
  std::uint64_t total_bytes_;
  Clock::time_point start_, last_{};
  std::string line_tail_;
  std::size_t width_ = 0;
};

// Empties a reused outcome, keeping the capacity of its strings.
void clear(Outcome& outcome) {
  outcome.out.clear();
  outcome.err.clear();
  outcome.failed = false;
  outcome.tally.clear();
}

void fill_outcome(const Record& record, const Process& process, const MalformedLine& malformed_line,
                  Outcome& outcome) {
  clear(outcome);
  if (record.error) {
    outcome = Outcome{malformed_line(record), record.error->to_string(), true, "malformed"};
    return;
  }
  try {
    process(record, outcome);
  } catch (const std::exception& error) {
    // A bug or resource failure on one puzzle must not lose the others.
    Diagnostic where{record.source, record.line, 1, std::string("internal error: ") + error.what()};
    outcome = Outcome{malformed_line(record), where.to_string(), true, "error"};
  }
}

// One worker's reusable state: an outcome for every record, and the last
// block's text size (the next one is likely alike).
struct BlockProcessor {
  const Process& process;
  const MalformedLine& malformed_line;
  Outcome outcome;
  std::size_t text_size = 0;

  void operator()(Block& block) {
    block.outcomes.reserve(block.records.size());
    block.text.reserve(text_size);
    for (const Record& record : block.records) {
      fill_outcome(record, process, malformed_line, outcome);
      block.text += outcome.out;
      block.outcomes.push_back(BlockOutcome{block.text.size(), std::move(outcome.err), outcome.failed, outcome.tally});
    }
    text_size = block.text.size();
  }
};

// Tallies runs of equal labels: one map update per run, not per puzzle.
class TallyRun {
 public:
  explicit TallyRun(Tally& tally) : tally_(tally) {}
  ~TallyRun() { flush(); }
  void add(const std::string& label) {
    if (count_ != 0 && label != *label_) flush();
    label_ = &label;
    ++count_;
  }

 private:
  void flush() {
    if (count_ != 0) tally_.counts[*label_] += count_;
    count_ = 0;
  }
  Tally& tally_;
  const std::string* label_ = nullptr;
  std::size_t count_ = 0;
};

// Writes a block's stdout text in as few calls as its stderr messages allow:
// each message still follows the output of its own puzzle and precedes the
// next one's, as when every outcome was written on its own.
void write_block(const Block& block, Tally& tally) {
  std::size_t written = 0;
  const auto write_out = [&](std::size_t end) {
    std::cout.write(block.text.data() + written, static_cast<std::streamsize>(end - written));
    written = end;
  };
  std::cerr << block.opening_notes;
  TallyRun run(tally);
  for (const BlockOutcome& outcome : block.outcomes) {
    if (!outcome.err.empty()) {
      write_out(outcome.out_end);
      std::cerr << outcome.err << (outcome.err.back() == '\n' ? "" : "\n");
    }
    run.add(outcome.tally);
    ++tally.puzzles;
    tally.any_failed = tally.any_failed || outcome.failed;
  }
  write_out(block.text.size());
  std::cerr << block.closing_notes;
}

// The workers of one batch, on the ordered runner (ordered_runner.hpp): a
// worker reads a block under the runner's claim lock, processes it, and the
// runner hands the blocks to the writer in input order. At most `window`
// blocks are read and not yet written, which keeps memory flat on inputs of
// any length; a written block goes back to the worker that read it.
class BatchRun {
 public:
  BatchRun(BlockSource& source, const Process& process, const MalformedLine& malformed_line, std::size_t workers)
      : progress(source.total_bytes()), source_(source), window_(4 * workers + 4) {
    for (std::size_t i = 0; i < workers; ++i) workers_.push_back(Worker{{process, malformed_line, {}, 0}, {}});
  }

  void run() {
    run_ordered<Block>(
        static_cast<unsigned>(workers_.size()), window_,
        [this](Block& block, unsigned worker) { return read(block, workers_[worker].size); },
        [this](Block& block, unsigned worker) {
          Worker& mine = workers_[worker];
          const auto start = Clock::now();
          mine.processor(block);
          mine.size.learn(Clock::now() - start, block.records.size());
        },
        [this](Block& block) {
          write_out(block);
          block.text.clear();
          block.outcomes.clear();
          return !output_failed_;
        });
  }

  // Whether standard output failed (a full disk, a closed file): the run
  // stops reading, and says so once.
  bool output_failed() const { return output_failed_; }
  int output_error() const { return output_error_; }

  Tally tally;
  ProgressBar progress;

 private:
  // Blocks big enough that the locks are off the per-puzzle path, small
  // enough that slow puzzles (rating, explaining) still spread over every
  // worker: about 2 ms of work, from the worker's last block.
  struct BlockSize {
    std::size_t records = 1;  // until the first block says how slow the puzzles are
    void learn(Clock::duration spent, std::size_t count) {
      const double per_record = std::chrono::duration<double>(spent).count() / static_cast<double>(count);
      const double wanted = 0.002 / std::max(per_record, 1e-9);
      records = static_cast<std::size_t>(std::clamp(wanted, 1.0, 256.0));
    }
  };
  struct Worker {
    BlockProcessor processor;
    BlockSize size;
  };

  // Under the runner's claim lock.
  bool read(Block& block, const BlockSize& size) {
    const bool read_any = source_.fill(block, source_.interactive() ? 1 : size.records);
    if (progress.enabled()) bytes_read_ = source_.bytes_read();
    return read_any;
  }

  void write_out(const Block& block) {
    errno = 0;
    write_block(block, tally);
    if (block.typed) std::cout.flush();  // the next read may already be waiting on another thread
    if (!std::cout) {
      output_error_ = errno;
      output_failed_ = true;
    }
    progress.update(tally.puzzles, bytes_read_);
  }

  BlockSource& source_;
  std::size_t window_;
  std::vector<Worker> workers_;
  bool output_failed_ = false;  // the writer's (one at a time), read after the run
  int output_error_ = 0;
  std::atomic<std::uint64_t> bytes_read_ = 0;
};

void print_stats(const Tally& tally, double seconds, unsigned jobs) {
  std::cerr << "puzzles: " << tally.puzzles << "\n";
  for (const auto& [label, count] : tally.counts) std::cerr << "  " << label << ": " << count << "\n";
  std::cerr << timing_text(tally.puzzles, seconds, jobs, "puzzles") << "\n";
}

int finish_batch(const InputOptions& options, BatchRun& run, Clock::time_point start, unsigned jobs,
                 const std::atomic<bool>& io_failed, bool input_without_puzzles) {
  const bool written = !run.output_failed() && flush_stdout(0);
  if (run.output_failed()) report_output_failure(run.output_error());
  run.progress.finish();
  if (options.stats) print_stats(run.tally, std::chrono::duration<double>(Clock::now() - start).count(), jobs);
  if (io_failed || !written) return kIoError;
  return run.tally.any_failed || input_without_puzzles ? kPuzzleFailed : kOk;
}


// A value of --regions written as the labels themselves: N×N letters or
// digits (spaces and line breaks allowed), no path.
bool looks_like_region_map(const std::string& value) {
  std::size_t labels = 0;
  for (char c : value) {
    if (std::isalnum(static_cast<unsigned char>(c))) ++labels;
    else if (!std::isspace(static_cast<unsigned char>(c))) return false;
  }
  const auto root = static_cast<std::size_t>(std::lround(std::sqrt(static_cast<double>(labels))));
  return labels >= 16 && root * root == labels;
}

// The text of a --regions value: the file it names, or the labels it is.
std::string region_map_text(const std::string& value) {
  std::error_code error;
  const bool exists = std::filesystem::exists(value, error);
  if (!exists && looks_like_region_map(value)) return value;
  if (!exists)
    throw CLI::ValidationError("--regions", "'" + value + "' is neither a region map (N*N labels) nor a file: " +
                                                (error ? error.message() : std::string("no such file")));
  if (std::filesystem::is_directory(value, error))
    throw CLI::ValidationError("--regions", value + ": is a directory");
  std::ifstream file(value, std::ios::binary);
  std::string text;
  try {
    if (file) text.assign(std::istreambuf_iterator<char>(file), {});
  } catch (const std::exception&) {
    file.setstate(std::ios::badbit);
  }
  if (!file) throw CLI::ValidationError("--regions", value + ": cannot read: " + std::strerror(errno));
  return text;
}

DigitStyle digit_style(const std::string& name) {
  return name == "1" ? DigitStyle::one_based : name == "0" ? DigitStyle::zero_based : DigitStyle::automatic;
}

}  // namespace

ReadOptions read_options(const InputOptions& options) {
  ReadOptions read;
  read.variant.name = options.variant;
  read.variant.size = options.size;
  read.digits = digit_style(options.digits);
  read.csv_column = options.column;
  read.format = input_format_from(options.input_format).value_or(InputFormat::automatic);
  if (!options.regions.empty()) {
    if (options.variant != "jigsaw")
      throw CLI::ValidationError("--regions", "only jigsaw puzzles have a region map: add --variant jigsaw");
    try {
      read.variant.regions = parse_region_map(region_map_text(options.regions));
    } catch (const GeometryError& error) {
      throw CLI::ValidationError("--regions", error.what());
    }
  }
  if (options.variant == "jigsaw" && read.variant.regions.empty())
    throw CLI::ValidationError("--variant jigsaw", "needs a region map: --regions MAP");
  return read;
}


int run_batch(const InputOptions& options, const std::function<Outcome(const Record&)>& process,
              const std::function<std::string(const Record&)>& malformed_line) {
  const Process fill = [&process](const Record& record, Outcome& outcome) { outcome = process(record); };
  return run_batch(options, fill, malformed_line);
}

int run_batch(const InputOptions& options, const Process& process, const MalformedLine& malformed_line) {
  const unsigned jobs = detail::worker_count(options.jobs);
  const auto start = Clock::now();
  std::atomic<bool> io_failed = false;
  BlockSource source(options, read_options(options), io_failed);
  BatchRun run(source, process, malformed_line, jobs);
  run.run();  // the calling thread is one of the workers: -j 1 is one thread
  return finish_batch(options, run, start, jobs, io_failed, source.some_input_without_puzzles());
}

std::string input_problem(const std::string& file) {
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0) return std::strerror(errno);
  if (S_ISDIR(info.st_mode)) return "is a directory";
  if (S_ISREG(info.st_mode) || S_ISFIFO(info.st_mode) || S_ISCHR(info.st_mode) || S_ISSOCK(info.st_mode)) {
    if (::access(file.c_str(), R_OK) != 0) return std::strerror(errno);
    return {};
  }
  return "not a regular file or pipe";
}

std::string timing_text(std::uint64_t count, double seconds, unsigned jobs, const std::string& what) {
  char text[64];
  std::snprintf(text, sizeof text, "time: %.3f s, ", seconds);
  return text + rate_text(seconds > 0 ? static_cast<double>(count) / seconds : 0) + " " + what + "/s on " +
         std::to_string(jobs) + " thread" + (jobs == 1 ? "" : "s");
}

std::string read_error_reason(const std::exception& error) {
  return errno != 0 ? std::strerror(errno) : error.what();
}

void report_output_failure(int error) {
  std::cerr << "nonet: cannot write to standard output" << (error != 0 ? std::string(": ") + std::strerror(error) : "")
            << "\n";
}

bool flush_stdout(int error) {
  errno = error;
  std::cout.flush();
  if (std::cout) return true;
  report_output_failure(errno);
  return false;
}

void add_input_options(CLI::App& command, InputOptions& options) {
  command.add_option("files", options.files, "Puzzle files ('-' or none: standard input)");
  command.add_option("--variant", options.variant, "classic, diagonal, windoku, jigsaw or latin (rows and columns only)")
      ->check(CLI::IsMember(variant_names()))
      ->default_val("classic");
  command.add_option("--regions", options.regions, "Jigsaw region map: N*N labels, or a file holding them");
  command.add_option("--size", options.size, "Grid size N (4, 6, 9, 12, 16, 25, ...); default: from each puzzle")
      ->check(CLI::Range(2, kMaxSize));
  command.add_option("-j,--jobs", options.jobs, "Threads (default: every core)");
  command.add_flag("--stats", options.stats, "Print totals per status, time and puzzles/s on stderr");
  command.add_option("--digits", options.digits,
                     "How puzzles over 9x9 write their digits: 1 (1-9A-G for 16x16), 0 (0-9A-F), or auto "
                     "(0-based where a puzzle uses 0 and not its top digit)")
      ->check(CLI::IsMember({"auto", "1", "0"}))
      ->capture_default_str();
  command.add_option("--column", options.column,
                     "CSV input: the puzzle column, by header name or number from 1 (default: the column named "
                     "puzzle, quizzes, question..., else the first that holds a puzzle)");
  command.add_option("--input-format", options.input_format,
                     "auto (told per file and per line), text, csv, json (nonet's), fpuzzles (JSON or links), "
                     "sudokupad (links), iss (ISS strings)")
      ->check(CLI::IsMember({"auto", "text", "csv", "json", "fpuzzles", "sudokupad", "iss"}))
      ->capture_default_str();
}

CLI::Validator whole_number(std::uint64_t at_least) {
  return CLI::Validator(
      [at_least](const std::string& text) {
        std::uint64_t value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error == std::errc{} && end == text.data() + text.size() && value >= at_least) return std::string();
        return "expected a whole number of " + std::to_string(at_least) + " or more, got '" + text + "'";
      },
      "N");
}

void add_search_limit_option(CLI::App& command, InputOptions& options) {
  command.add_option("--max-nodes", options.max_nodes, "Give up on a puzzle after this many search nodes (0: never)")
      ->check(whole_number(0))
      ->capture_default_str();
}

void add_format_option(CLI::App& command, InputOptions& options, std::vector<std::string> choices) {
  options.format = choices.front();
  command.add_option("--format", options.format, "Output format")->check(CLI::IsMember(choices))->capture_default_str();
}

}  // namespace nonet::cli
