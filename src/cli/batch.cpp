// The batch runner behind every command that reads puzzles.
//
// Three stages: a reader thread cuts the input into blocks of records, worker
// threads process whole blocks, and the calling thread writes each block's
// outcomes as soon as every earlier block is written. Blocks keep locking off
// the per-puzzle path; a bounded window of blocks in flight keeps memory flat
// on inputs of any length; output order is input order by construction.
// With -j 1 the calling thread does all three in turn, block by block: one
// job, one core.
#include <charconv>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "cli_common.hpp"

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
  std::size_t number = 0;
  std::vector<Record> records;
  std::string text;  // every outcome's stdout text, in order: one buffer, not one string each
  std::vector<BlockOutcome> outcomes;
};

using Process = std::function<void(const Record&, Outcome&)>;
using MalformedLine = std::function<std::string(const Record&)>;

// Where the reader's blocks go: to the worker threads, or (-j 1) straight
// through processing and writing on the reader's own thread.
class BlockSink {
 public:
  virtual ~BlockSink() = default;
  virtual Block take_spare() = 0;
  virtual void push_input(Block block) = 0;
  // No more blocks: `blocks` were pushed in all.
  virtual void close_input(std::size_t blocks) = 0;
};

// Blocks handed between the stages, with a bound on how many are in flight.
class Pipeline : public BlockSink {
 public:
  explicit Pipeline(std::size_t window) : window_(window) {}

  void push_input(Block block) override {
    std::unique_lock lock(mutex_);
    room_.wait(lock, [&] { return pending_ + 1 <= window_; });
    ++pending_;
    input_.push_back(std::move(block));
    work_.notify_one();
  }
  void close_input(std::size_t blocks) override {
    std::lock_guard lock(mutex_);
    total_ = blocks;
    input_closed_ = true;
    work_.notify_all();
    ready_.notify_all();
  }
  std::optional<Block> pop_input() {
    std::unique_lock lock(mutex_);
    work_.wait(lock, [&] { return !input_.empty() || input_closed_; });
    if (input_.empty()) return std::nullopt;
    Block block = std::move(input_.front());
    input_.pop_front();
    return block;
  }
  void push_done(Block block) {
    std::lock_guard lock(mutex_);
    done_.emplace(block.number, std::move(block));
    ready_.notify_all();
  }
  // A written block goes back to the reader, whose records (and their cell
  // and name buffers) are read into again: blocks are allocated once.
  void recycle(Block block) {
    block.text.clear();
    block.outcomes.clear();
    std::lock_guard lock(mutex_);
    spare_.push_back(std::move(block));
  }
  Block take_spare() override {
    std::lock_guard lock(mutex_);
    if (spare_.empty()) return Block{};
    Block block = std::move(spare_.back());
    spare_.pop_back();
    return block;
  }
  // The next block in order, or nullopt when all were written. Waits at most
  // `timeout` so the caller can refresh a progress bar.
  std::optional<Block> pop_done(std::size_t number, bool& finished, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    ready_.wait_for(lock, timeout, [&] { return done_.count(number) || (total_ && number >= *total_); });
    finished = total_ && number >= *total_;
    auto found = done_.find(number);
    if (found == done_.end()) return std::nullopt;
    Block block = std::move(found->second);
    done_.erase(found);
    --pending_;
    room_.notify_one();
    return block;
  }

 private:
  std::mutex mutex_;
  std::condition_variable room_, work_, ready_;
  std::deque<Block> input_;
  std::map<std::size_t, Block> done_;
  std::vector<Block> spare_;
  std::size_t window_, pending_ = 0;
  bool input_closed_ = false;
  std::optional<std::size_t> total_;
};

struct Tally {
  std::map<std::string, std::size_t> counts;
  std::size_t puzzles = 0;
  bool any_failed = false;
};

class ProgressBar {
 public:
  ProgressBar() : enabled_(isatty(STDERR_FILENO) != 0), start_(Clock::now()) {}
  void update(std::size_t done, bool force = false) {
    if (!enabled_) return;
    const auto now = Clock::now();
    if (!force && now - last_ < std::chrono::milliseconds(200)) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const int spinner_width = 20, filled = static_cast<int>(seconds * 10) % (spinner_width + 1);
    std::cerr << "\r[" << std::string(filled, '#') << std::string(spinner_width - filled, ' ') << "] " << done
              << " puzzles, " << static_cast<long long>(seconds > 0 ? done / seconds : 0) << "/s   " << std::flush;
  }
  void finish() {
    if (enabled_) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
  }

 private:
  bool enabled_;
  Clock::time_point start_, last_{};
};

// Opens each input in turn and cuts its records into blocks.
class BlockReader {
 public:
  BlockReader(const InputOptions& options, ReadOptions read) : options_(options), read_(std::move(read)) {}

  void run(BlockSink& pipeline, std::atomic<bool>& io_failed) {
    std::vector<std::string> files = options_.files;
    if (files.empty()) files.push_back("-");
    std::size_t number = 0;
    for (const auto& file : files) read_file(file, pipeline, number, io_failed);
    pipeline.close_input(number);
  }

 private:
  void read_file(const std::string& file, BlockSink& pipeline, std::size_t& number, std::atomic<bool>& io_failed) {
    const bool from_stdin = file == "-";
    std::ifstream stream;
    std::vector<char> buffer(from_stdin ? 0 : 1 << 20);
    if (!from_stdin) {
      stream.rdbuf()->pubsetbuf(buffer.data(), static_cast<std::streamsize>(buffer.size()));
      stream.open(file, std::ios::binary);
      if (!stream) {
        std::cerr << "nonet: cannot open " << file << ": " << std::strerror(errno) << "\n";
        io_failed = true;
        return;
      }
    }
    std::istream& in = from_stdin ? std::cin : stream;
    // Typing at a terminal: answer each puzzle as soon as it is entered.
    const std::size_t block_size = from_stdin && isatty(STDIN_FILENO) ? 1 : 256;
    PuzzleReader reader(in, from_stdin ? "<stdin>" : file, read_);
    Block block = pipeline.take_spare();
    std::size_t count = 0;  // records read into the block; those after them are spare
    for (;;) {
      if (count == block.records.size()) block.records.emplace_back();
      if (!reader.next(block.records[count])) break;
      if (++count >= block_size) flush(block, count, pipeline, number);
    }
    if (count != 0) flush(block, count, pipeline, number);
    if (!from_stdin && stream.bad()) {
      std::cerr << "nonet: error reading " << file << "\n";
      io_failed = true;
    }
  }

  // Sends the first `count` records on and starts a new block.
  static void flush(Block& block, std::size_t& count, BlockSink& pipeline, std::size_t& number) {
    block.records.resize(count);
    block.number = number++;
    pipeline.push_input(std::move(block));
    block = pipeline.take_spare();
    count = 0;
  }

  const InputOptions& options_;
  ReadOptions read_;
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

void process_blocks(Pipeline& pipeline, const Process& process, const MalformedLine& malformed_line) {
  BlockProcessor processor{process, malformed_line, {}, 0};
  while (auto block = pipeline.pop_input()) {
    processor(*block);
    pipeline.push_done(std::move(*block));
  }
}

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
}

// -j 1: each block is processed and written on the reading thread as soon as
// it is read, so one job is one thread (the reader would otherwise take a
// second core of its own).
class InlineSink : public BlockSink {
 public:
  InlineSink(const Process& process, const MalformedLine& malformed_line, Tally& tally, ProgressBar& progress)
      : processor_{process, malformed_line, {}, 0}, tally_(tally), progress_(progress) {}

  Block take_spare() override { return std::move(spare_); }
  void push_input(Block block) override {
    processor_(block);
    write_block(block, tally_);
    progress_.update(tally_.puzzles);
    block.text.clear();
    block.outcomes.clear();
    spare_ = std::move(block);
  }
  void close_input(std::size_t) override {}

 private:
  BlockProcessor processor_;
  Tally& tally_;
  ProgressBar& progress_;
  Block spare_;
};

void print_stats(const Tally& tally, double seconds, unsigned jobs) {
  std::cerr << "puzzles: " << tally.puzzles << "\n";
  for (const auto& [label, count] : tally.counts) std::cerr << "  " << label << ": " << count << "\n";
  std::ostringstream timing;
  timing.precision(3);
  timing << std::fixed << "time: " << seconds << " s, " << std::setprecision(0)
         << (seconds > 0 ? tally.puzzles / seconds : 0.0) << " puzzles/s on " << jobs << " thread"
         << (jobs == 1 ? "" : "s");
  std::cerr << timing.str() << "\n";
}

int finish_batch(const InputOptions& options, const Tally& tally, ProgressBar& progress, Clock::time_point start,
                 unsigned jobs, const std::atomic<bool>& io_failed) {
  std::cout.flush();
  progress.finish();
  if (options.stats) print_stats(tally, std::chrono::duration<double>(Clock::now() - start).count(), jobs);
  if (io_failed) return kIoError;
  return tally.any_failed ? kPuzzleFailed : kOk;
}

}  // namespace

ReadOptions read_options(const InputOptions& options) {
  ReadOptions read;
  read.variant.name = options.variant;
  read.variant.size = options.size;
  if (!options.regions.empty()) {
    std::string map = options.regions;
    if (std::ifstream file(map); file) map.assign(std::istreambuf_iterator<char>(file), {});
    try {
      read.variant.regions = parse_region_map(map);
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
  const ReadOptions read = read_options(options);
  const unsigned jobs = options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  const auto start = Clock::now();
  std::atomic<bool> io_failed = false;
  BlockReader block_reader(options, read);
  Tally tally;
  ProgressBar progress;
  if (jobs == 1) {
    InlineSink sink(process, malformed_line, tally, progress);
    block_reader.run(sink, io_failed);
    return finish_batch(options, tally, progress, start, jobs, io_failed);
  }
  Pipeline pipeline(4 * jobs + 4);
  std::thread reader([&] { block_reader.run(pipeline, io_failed); });
  std::vector<std::thread> workers;
  for (unsigned i = 0; i < jobs; ++i) workers.emplace_back([&] { process_blocks(pipeline, process, malformed_line); });

  bool finished = false;
  for (std::size_t next = 0; !finished;) {
    if (auto block = pipeline.pop_done(next, finished, std::chrono::milliseconds(200))) {
      write_block(*block, tally);
      pipeline.recycle(std::move(*block));
      ++next;
      finished = false;
    }
    progress.update(tally.puzzles);
  }
  reader.join();
  for (auto& worker : workers) worker.join();
  return finish_batch(options, tally, progress, start, jobs, io_failed);
}

void add_input_options(CLI::App& command, InputOptions& options) {
  command.add_option("files", options.files, "Puzzle files ('-' or none: standard input)");
  command.add_option("--variant", options.variant, "classic, diagonal, windoku or jigsaw")
      ->check(CLI::IsMember(variant_names()))
      ->default_val("classic");
  command.add_option("--regions", options.regions, "Jigsaw region map: N*N labels, or a file holding them");
  command.add_option("--size", options.size, "Grid size N (4, 6, 9, 12, 16, 25, ...); default: from each puzzle")
      ->check(CLI::Range(2, kMaxSize));
  command.add_option("-j,--jobs", options.jobs, "Threads (default: every core)");
  command.add_flag("--stats", options.stats, "Print totals per status, time and puzzles/s on stderr");
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
