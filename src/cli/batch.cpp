// The batch runner behind every command that reads puzzles.
//
// Every worker thread (the calling thread is one of them) takes a block of
// records from the input under a lock, processes it, and passes it to the
// ordered writer, which writes each block as soon as every earlier block is
// written. Blocks keep locking off the per-puzzle path; a bounded window of
// blocks in flight keeps memory flat on inputs of any length; output order
// is input order by construction. -j 1 is one thread: one job, one core.
#include <charconv>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
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
  std::size_t owner = 0;  // the worker whose block this is: it alone reuses it
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
        if (!reader_->next(block.records[count])) {
          close_current(block.closing_notes);
          break;
        }
      }
    }
    block.records.resize(count);
    block.typed = interactive_;
    const bool any = count != 0 || !block.opening_notes.empty() || !block.closing_notes.empty();
    block.number = blocks_;
    blocks_ += any;
    return any;
  }

  // Typing at a terminal: answer each puzzle as soon as it is entered.
  bool interactive() const { return interactive_; }

 private:
  bool open_next(std::string& notes) {
    while (next_file_ < files_.size()) {
      const std::string& file = files_[next_file_++];
      const bool from_stdin = file == "-";
      current_ = file;
      std::istream* in = &std::cin;
      if (!from_stdin) {
        stream_ = std::make_unique<std::ifstream>();
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
    if (stream_ && stream_->bad()) {
      notes += "nonet: error reading " + current_ + "\n";
      io_failed_ = true;
    }
    stream_.reset();
    interactive_ = false;
  }

  std::vector<std::string> files_;
  ReadOptions read_;
  std::atomic<bool>& io_failed_;
  std::size_t next_file_ = 0, blocks_ = 0;
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

// The workers of one batch. Each worker reads a block under the read lock,
// processes it, and hands it to the ordered writer: whichever worker finds
// no write in progress writes every block that is next in order, so no
// thread only waits and output order is input order. At most `window`
// blocks are read and not yet written, which keeps memory flat on inputs
// of any length.
class BatchRun {
 public:
  BatchRun(BlockSource& source, const Process& process, const MalformedLine& malformed_line, std::size_t workers)
      : source_(source),
        process_(process),
        malformed_line_(malformed_line),
        window_(4 * workers + 4),
        spare_(workers) {}

  void work(std::size_t worker) {
    BlockProcessor processor{process_, malformed_line_, {}, 0};
    BlockSize size;
    for (;;) {
      Block block = take_spare(worker);
      if (!read(block, size)) return;
      const auto start = Clock::now();
      processor(block);
      size.learn(Clock::now() - start, block.records.size());
      deposit(std::move(block));
    }
  }

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

  bool read(Block& block, const BlockSize& size) {
    {
      std::unique_lock lock(write_mutex_);
      room_.wait(lock, [&] { return in_flight_ < window_; });
      ++in_flight_;
    }
    bool read_any = false;
    {
      std::lock_guard lock(read_mutex_);
      read_any = source_.fill(block, source_.interactive() ? 1 : size.records);
    }
    if (!read_any) {
      std::lock_guard lock(write_mutex_);
      --in_flight_;
      room_.notify_one();
    }
    return read_any;
  }

  void deposit(Block block) {
    std::unique_lock lock(write_mutex_);
    done_.emplace(block.number, std::move(block));
    if (writing_) return;  // the worker writing now will reach it
    writing_ = true;
    for (auto next = done_.find(next_write_); next != done_.end(); next = done_.find(next_write_)) {
      Block ready = std::move(next->second);
      done_.erase(next);
      lock.unlock();
      write_block(ready, tally);
      if (ready.typed) std::cout.flush();  // the next read may already be waiting on another thread
      progress.update(tally.puzzles);
      ready.text.clear();
      ready.outcomes.clear();
      lock.lock();
      spare_[ready.owner].push_back(std::move(ready));
      ++next_write_;
      --in_flight_;
      room_.notify_one();
    }
    writing_ = false;
  }

  // A written block goes back to the worker that filled it, whose cache
  // still holds its records and buffers.
  Block take_spare(std::size_t worker) {
    std::lock_guard lock(write_mutex_);
    std::vector<Block>& mine = spare_[worker];
    Block block;
    if (!mine.empty()) {
      block = std::move(mine.back());
      mine.pop_back();
    }
    block.owner = worker;
    return block;
  }

  BlockSource& source_;
  const Process& process_;
  const MalformedLine& malformed_line_;
  std::size_t window_;
  std::mutex read_mutex_, write_mutex_;  // read_mutex_: source_; write_mutex_: all below
  std::condition_variable room_;
  std::map<std::size_t, Block> done_;
  std::vector<std::vector<Block>> spare_;  // per worker
  std::size_t next_write_ = 0, in_flight_ = 0;
  bool writing_ = false;
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
  const unsigned jobs = options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  const auto start = Clock::now();
  std::atomic<bool> io_failed = false;
  BlockSource source(options, read_options(options), io_failed);
  BatchRun run(source, process, malformed_line, jobs);
  // The calling thread is one of the workers: -j 1 is one thread.
  std::vector<std::thread> helpers;
  for (unsigned i = 1; i < jobs; ++i) helpers.emplace_back([&run, i] { run.work(i); });
  run.work(0);
  for (auto& helper : helpers) helper.join();
  return finish_batch(options, run.tally, run.progress, start, jobs, io_failed);
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
