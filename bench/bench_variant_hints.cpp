// The time of a hint on 9×9 variant positions (docs/variants.md), one thread:
//
//   bench_variant_hints [--limit SECONDS] [--verdict-limit SECONDS] [--solves] [--slow MS]
//                       [--hint-time SECONDS] [--whole-only] FILE
//
// For each 9×9 record of FILE with rules beyond the houses, the logical
// solve (at most --limit seconds, 2 by default) gives the positions
// along its way; on each the easiest step is searched as `nonet hint` does
// after its exact verdict (next_step with the extras; the verdict, an exact
// solve, is timed apart per puzzle), timed by this thread's CPU clock, which
// a busy machine does not inflate. Prints the positions where a step was
// found and those where logic stops (no step within the same limit), each
// with the median, 90th percentile and largest time in ms. --solves prints
// instead one line per puzzle: the verdict, and the logical solve alone
// (solved or where it stopped, ER, hardest step, steps, CPU ms), which is
// how docs/variants.md measures logic coverage apart from the exact search.
// --verdict-limit bounds the verdict alone (default: --limit); an unproved
// puzzle is solved without the nested forcing chains, which need uniqueness.
// Each position is also given to Session::hint whole, as `nonet hint` and
// the server call it (its own short verdict on the position, then logic):
// the time a player waits, less the process start-up. --slow MS names each
// position whose step took MS ms or more (which 9×9 variant puzzle of FILE,
// the steps before it, the step found), for a profiler to look at.
// --hint-time sets the session's AnalysisLimits::hint_rules_time;
// --whole-only times Session::hint alone (not next_step apart).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <time.h>

#include "nonet/analysis.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/logic.hpp"

namespace {

double thread_milliseconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return 1e3 * static_cast<double>(now.tv_sec) + 1e-6 * static_cast<double>(now.tv_nsec);
}

void summary(const char* what, std::vector<double> ms) {
  if (ms.empty()) return (void)std::printf("%s: none\n", what);
  std::sort(ms.begin(), ms.end());
  const auto over = std::count_if(ms.begin(), ms.end(), [](double t) { return t >= 100; });
  std::printf("%s: %zu positions, ms median %.2f, 90%% %.2f, max %.1f; %ld at 100 ms or more\n", what, ms.size(),
              ms[ms.size() / 2], ms[ms.size() * 9 / 10], ms.back(), static_cast<long>(over));
}

}  // namespace

int main(int argc, char** argv) {
  double limit = 2, verdict_limit = -1, slow = -1, hint_time = -1;
  bool solves = false, whole_only = false;
  std::string path;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--limit" && i + 1 < argc) limit = std::atof(argv[++i]);
    else if (arg == "--verdict-limit" && i + 1 < argc) verdict_limit = std::atof(argv[++i]);
    else if (arg == "--solves") solves = true;
    else if (arg == "--slow" && i + 1 < argc) slow = std::atof(argv[++i]);
    else if (arg == "--hint-time" && i + 1 < argc) hint_time = std::atof(argv[++i]);
    else if (arg == "--whole-only") whole_only = true;
    else path = arg;
  }
  std::ifstream in(path, std::ios::binary);
  if (path.empty() || !in) {
    std::fprintf(stderr, "usage: bench_variant_hints [--limit SECONDS] [--verdict-limit SECONDS] [--solves] [--slow MS] "
                         "[--hint-time SECONDS] [--whole-only] FILE\n");
    return 2;
  }
  nonet::PuzzleReader reader(in, path, nonet::ReadOptions{});
  std::vector<double> found, stopped, whole, revealed, unanswered;
  nonet::AnalysisOptions session_options;
  session_options.extras = true;  // as `nonet hint`
  session_options.limits.time_limit = limit;
  if (hint_time >= 0) session_options.limits.hint_rules_time = hint_time;
  const nonet::Session session(session_options);
  int puzzles = 0;
  nonet::LogicOptions hint_options;
  hint_options.extras = true;  // as `nonet hint`
  hint_options.time_limit = limit;
  std::vector<double> verdicts;
  for (nonet::Record record; reader.next(record);) {
    if (!record.puzzle || record.puzzle->constraints.empty() || record.puzzle->geometry->size() != 9 ||
        !record.candidates.empty())
      continue;
    const nonet::Puzzle& puzzle = *record.puzzle;
    ++puzzles;
    const double verdict_start = thread_milliseconds();
    nonet::SolveOptions exact;
    exact.count_limit = 2;
    exact.time_limit = verdict_limit >= 0 ? verdict_limit : limit;
    hint_options.assume_unique = nonet::solve(puzzle, exact).status == nonet::SolveStatus::unique;
    verdicts.push_back(thread_milliseconds() - verdict_start);
    // From the position, as the session does: uniqueness is the verdict's
    // (solve_logically(Puzzle) would prove it again, with no time limit).
    nonet::LogicOptions logic;
    logic.time_limit = limit;
    logic.assume_unique = hint_options.assume_unique;
    const double logic_start = thread_milliseconds();
    const nonet::LogicResult path_taken = nonet::solve_logically(nonet::CandidateGrid(puzzle), logic);
    if (solves) {
      const char* stop = path_taken.solved                                 ? "solved"
                         : path_taken.stop == nonet::LogicStop::out_of_time ? "out-of-time"
                                                                            : "stuck";
      std::printf("%s\tverdict %s %.0f ms\t%s\tER %.1f\t%s\t%zu steps\t%.0f ms\n", puzzle.comment.c_str(),
                  hint_options.assume_unique ? "unique" : "unproved", verdicts.back(), stop, path_taken.rating.er,
                  path_taken.rating.hardest.c_str(), path_taken.steps.size(), thread_milliseconds() - logic_start);
      std::fflush(stdout);
      continue;
    }
    nonet::CandidateGrid at(puzzle);
    for (std::size_t i = 0; i <= path_taken.steps.size(); ++i) {
      if (!at.solved()) {
        if (!whole_only) {
          const double start = thread_milliseconds();
          const auto step = nonet::next_step(at, hint_options);
          (step ? found : stopped).push_back(thread_milliseconds() - start);
          if (slow >= 0 && (step ? found : stopped).back() >= slow)
            std::printf("slow: puzzle %d after %zu steps: %.1f ms, %s\n", puzzles, i, (step ? found : stopped).back(),
                        step ? step->technique.c_str() : "no step");
        }
        const double whole_start = thread_milliseconds();
        const nonet::Analysis hint = session.hint(nonet::Position{puzzle, at});
        const double took = thread_milliseconds() - whole_start;
        if (hint.stop == nonet::Stop::hint) whole.push_back(took);
        else if (hint.reveal) revealed.push_back(took);
        else unanswered.push_back(took);
        if (slow >= 0 && hint.stop != nonet::Stop::hint && took >= slow)
          std::printf("slow: puzzle %d after %zu steps: Session::hint %.1f ms, %s\n", puzzles, i, took,
                      hint.reveal ? "a cell to reveal" : "no answer");
      }
      if (i < path_taken.steps.size()) at.apply(path_taken.steps[i]);
    }
    std::fflush(stdout);
  }
  std::printf("%d puzzles\n", puzzles);
  summary("the exact verdict (once per puzzle)", verdicts);
  summary("a step found", found);
  summary("logic stops (no step)", stopped);
  summary("a whole hint found (Session::hint: short verdict, then logic)", whole);
  summary("a whole hint with no step, a cell to reveal instead", revealed);
  summary("a whole hint with no step and nothing to reveal", unanswered);
}
