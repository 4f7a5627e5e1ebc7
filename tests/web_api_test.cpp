// `nonet serve` end to end: the binary started on an ephemeral port, every
// endpoint of docs/api.md called over a socket, every limit and error code.
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <future>
#include <nlohmann/json.hpp>
#include <thread>

#include "nonet/version.hpp"
#include "web/server.hpp"
#include "nonet/generate.hpp"
#include "nonet/logic.hpp"
#include "test_support.hpp"

extern char** environ;

namespace nonet::testing {
namespace {

using json = nlohmann::json;

constexpr const char* kWikipedia =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
constexpr const char* kXWing =
    "1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7";
constexpr const char* kPointing =
    "..3.5.......1..2.668...2.5.....14.7.34...796...59......3..9..4...62..3..9..7.....";

// A running `nonet serve --port 0`: its address from the first line it prints.
class ServerProcess {
 public:
  explicit ServerProcess(const std::vector<std::string>& extra = {}) {
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe");
    std::vector<std::string> args{NONET_BINARY, "serve", "--port", "0"};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    err_path_ = ::testing::TempDir() + "nonet_serve_" + std::to_string(getpid()) + "_" +
                std::to_string(reinterpret_cast<std::uintptr_t>(this)) + ".err";
    posix_spawn_file_actions_addopen(&actions, 2, err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (posix_spawn(&pid_, NONET_BINARY, &actions, nullptr, argv.data(), environ) != 0)
      throw std::runtime_error("cannot start nonet serve");
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    std::string line;
    char c;
    while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
    close(out[0]);
    url_ = line;
    const auto colon = line.rfind(':');
    port_ = colon == std::string::npos ? -1 : std::atoi(line.c_str() + colon + 1);
  }
  ~ServerProcess() {
    if (pid_ > 0) stop();
    std::remove(err_path_.c_str());
  }
  // SIGTERM, then the exit status.
  int stop() {
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  const std::string& url() const { return url_; }
  pid_t pid() const { return pid_; }
  int port() const { return port_; }
  std::string log() const { return slurp(err_path_); }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(70);
    return c;
  }

 private:
  pid_t pid_ = -1;
  std::string url_, err_path_;
  int port_ = -1;
};

struct Reply {
  int status = 0;
  json body;
  std::string text, content_type;
};

Reply post(const ServerProcess& server, const std::string& endpoint, const json& request) {
  auto client = server.client();
  auto res = client.Post(("/api/v1/" + endpoint).c_str(), request.dump(), "application/json");
  Reply reply;
  if (!res) return reply;
  reply.status = res->status;
  reply.text = res->body;
  reply.content_type = res->get_header_value("Content-Type");
  if (reply.content_type.rfind("application/json", 0) == 0) reply.body = json::parse(res->body);
  return reply;
}

Puzzle puzzle_of(const std::string& line, const VariantSpec& spec = {}) {
  ReadOptions options;
  options.variant = spec;
  return parse_one(line, options);
}

Grid grid_of(const Geometry& geometry, const std::string& line) {
  Grid cells;
  for (char c : line) cells.push_back(static_cast<std::uint8_t>(std::max(0, digit_of_char(c, geometry.size()))));
  return cells;
}

int cell_index(const Geometry& geometry, const std::string& name) {
  int row = 0, column = 0;
  std::sscanf(name.c_str(), "r%dc%d", &row, &column);
  return (row - 1) * geometry.size() + column - 1;
}

class WebApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new ServerProcess({"--workers", "2"}); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static ServerProcess* server_;
  const ServerProcess& server() const { return *server_; }
};
ServerProcess* WebApi::server_ = nullptr;

TEST_F(WebApi, PrintsItsLoopbackAddress) {
  EXPECT_EQ(server().url().rfind("http://127.0.0.1:", 0), 0u) << server().url();
  EXPECT_GT(server().port(), 0);
}

TEST_F(WebApi, InfoNamesVersionVariantsLevelsAndLimits) {
  auto client = server().client();
  auto res = client.Get("/api/v1/info");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  const json info = json::parse(res->body);
  EXPECT_EQ(info["version"], nonet::version());
  EXPECT_EQ(info["version"], NONET_VERSION_STRING);
  EXPECT_EQ(info["variants"], json({"classic", "diagonal", "windoku", "jigsaw", "latin"}));
  EXPECT_EQ(info["levels"].size(), difficulty_levels().size());
  EXPECT_EQ(info["limits"]["body_bytes"], 65536);
  EXPECT_EQ(info["limits"]["max_generate"], 10);
  EXPECT_EQ(info["limits"]["workers"], 2);
}

TEST_F(WebApi, ParseReadsAGridBlockAndReturnsTheGeometry) {
  const Reply reply = post(server(), "parse", {{"text", "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                                                        "7...2...6\n.6....28.\n...419..5\n....8..79\n"}});
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["puzzle"], kWikipedia);
  EXPECT_EQ(reply.body["givens"], 30);
  EXPECT_EQ(reply.body["geometry"]["size"], 9);
  EXPECT_EQ(reply.body["geometry"]["houses"].size(), 27u);
  EXPECT_EQ(reply.body["geometry"]["houses"][0]["name"], "row 1");
  EXPECT_EQ(reply.body["geometry"]["regions"].size(), 81u);
}

TEST_F(WebApi, MalformedInputIsA400WithTheCliMessageLineAndColumn) {
  const std::string junk = std::string(kWikipedia).substr(0, 40) + "x" + std::string(kWikipedia).substr(41);
  const Reply reply = post(server(), "solve", {{"text", "# a comment\n" + junk}});
  ASSERT_EQ(reply.status, 400);
  EXPECT_EQ(reply.body["status"], "malformed");
  EXPECT_EQ(reply.body["line"], 2);
  EXPECT_EQ(reply.body["column"], 41);
  const RunResult cli = run_nonet("solve", "# a comment\n" + junk + "\n");
  EXPECT_EQ(cli.err, "<stdin>" + reply.body["error"].get<std::string>().substr(std::string("<request>").size()) + "\n");
}

TEST_F(WebApi, ClashingGivensAreAnAnswerWithEveryConflict) {
  // Two clashes: 5 twice in row 1, 3 twice in column 2.
  std::string puzzle = kWikipedia;
  puzzle[7] = '5';
  puzzle[9 * 8 + 1] = '3';
  const Reply reply = post(server(), "check", {{"puzzle", puzzle}});
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["status"], "invalid");
  EXPECT_EQ(reply.body["reason"], "digit 5 twice in row 1 (r1c1, r1c8)");
  ASSERT_GE(reply.body["conflicts"].size(), 2u);
  EXPECT_EQ(reply.body["conflicts"][0], json({{"digit", 5}, {"house", "row 1"}, {"cells", {0, 7}}}));
  bool column = false;
  for (const auto& c : reply.body["conflicts"]) column |= c["house"] == "column 2" && c["digit"] == 3;
  EXPECT_TRUE(column) << reply.text;
}

TEST_F(WebApi, CheckFindsMistakesAndWrongPencilMarks) {
  const Puzzle puzzle = puzzle_of(kWikipedia);
  const Grid solution = solve(puzzle).solutions.at(0);
  std::string values(81, '.');
  values[2] = static_cast<char>('0' + solution[2]);            // right
  values[3] = static_cast<char>('0' + (solution[3] % 9) + 1);  // wrong
  json candidates = json::array();
  for (int cell = 0; cell < 81; ++cell) candidates.push_back("");
  // r1c6 marked without its solution digit.
  std::string marks;
  for (int d = 1; d <= 9; ++d)
    if (d != solution[5]) marks += static_cast<char>('0' + d);
  candidates[5] = marks;
  const Reply reply = post(server(), "check", {{"puzzle", kWikipedia}, {"values", values}, {"candidates", candidates}});
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["status"], "unique");
  EXPECT_EQ(reply.body["mistakes"], json({3}));
  EXPECT_EQ(reply.body["wrong_candidates"], json({5}));
  EXPECT_EQ(reply.body["filled"], 32);
  EXPECT_FALSE(reply.body["solved"]);

  std::string all = to_line(*puzzle.geometry, solution);
  const Reply done = post(server(), "check", {{"puzzle", kWikipedia}, {"values", all}});
  EXPECT_TRUE(done.body["solved"]) << done.text;
  EXPECT_TRUE(done.body["complete"]);
}

TEST_F(WebApi, SolveReturnsAValidSolution) {
  const Reply reply = post(server(), "solve", {{"puzzle", kWikipedia}});
  ASSERT_EQ(reply.status, 200);
  EXPECT_EQ(reply.body["status"], "unique");
  const Puzzle puzzle = puzzle_of(kWikipedia);
  EXPECT_TRUE(valid_solution(puzzle, grid_of(*puzzle.geometry, reply.body["solution"])));
}

TEST_F(WebApi, AnEmptyBoardSolvedAtRandomIsAFullGridReproducibleFromItsSeed) {
  const Reply first = post(server(), "solve", {{"puzzle", ""}, {"size", 9}, {"random", true}, {"seed", 7}});
  const Reply again = post(server(), "solve", {{"puzzle", ""}, {"size", 9}, {"random", true}, {"seed", 7}});
  const Reply other = post(server(), "solve", {{"puzzle", ""}, {"random", true}});
  ASSERT_EQ(first.status, 200) << first.text;
  EXPECT_EQ(first.body["seed"], 7);
  EXPECT_EQ(first.body["solution"], again.body["solution"]);
  EXPECT_TRUE(other.body.contains("seed"));
  const Puzzle empty{make_geometry({}, 9), Grid(81, 0), ""};
  EXPECT_TRUE(valid_solution(empty, grid_of(*empty.geometry, first.body["solution"])));
  EXPECT_TRUE(valid_solution(empty, grid_of(*empty.geometry, other.body["solution"])));
}

TEST_F(WebApi, SeedsFitJavaScriptNumbersAndMayComeAsStrings) {
  // A page's JavaScript holds whole numbers exactly only below 2^53.
  for (int i = 0; i < 5; ++i) {
    const Reply random = post(server(), "solve", {{"puzzle", ""}, {"random", true}});
    EXPECT_LT(random.body["seed"].get<std::uint64_t>(), std::uint64_t{1} << 53);
  }
  const Reply text = post(server(), "solve", {{"puzzle", ""}, {"random", true}, {"seed", "15398474584773198099"}});
  const Reply number =
      post(server(), "solve", {{"puzzle", ""}, {"random", true}, {"seed", 15398474584773198099ull}});
  ASSERT_EQ(text.status, 200) << text.text;
  EXPECT_EQ(text.body["solution"], number.body["solution"]);
  EXPECT_EQ(post(server(), "solve", {{"puzzle", ""}, {"random", true}, {"seed", "12a"}}).status, 400);
  EXPECT_EQ(post(server(), "solve", {{"puzzle", ""}, {"random", true}, {"seed", -1}}).status, 400);
}

TEST_F(WebApi, ParseReadsThePencilMarkGridsTheCliReads) {
  const Puzzle puzzle = puzzle_of(kPointing);
  CandidateGrid grid(puzzle);
  grid.eliminate(cell_index(*puzzle.geometry, "r2c5"), 4);
  const Reply reply = post(server(), "parse", {{"text", grid.to_pencil_marks()}});
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["puzzle"], kPointing);
  ASSERT_EQ(reply.body["candidates"].size(), 81u);
  const std::string r2c5 = reply.body["candidates"][cell_index(*puzzle.geometry, "r2c5")];
  EXPECT_EQ(r2c5.find('4'), std::string::npos) << r2c5;
  EXPECT_EQ(reply.body["candidates"][2], "");  // r1c3 holds a 3
  // The same position as a 729-character line (the reader takes it for pencil marks, not a 27x27 puzzle).
  const Reply line = post(server(), "parse", {{"text", grid.to_candidate_string()}});
  ASSERT_EQ(line.status, 200) << line.text;
  EXPECT_EQ(line.body["puzzle"], kPointing);
  EXPECT_EQ(line.body["candidates"], reply.body["candidates"]);
}

TEST_F(WebApi, CountStopsAtTheLimitAndSaysWhetherItIsExact) {
  const Reply all = post(server(), "count", {{"puzzle", std::string(16, '.')}, {"limit", 1000}});
  EXPECT_EQ(all.body["count"], 288);
  EXPECT_EQ(all.body["status"], "multiple");
  EXPECT_TRUE(all.body["complete"]);
  const Reply capped = post(server(), "count", {{"puzzle", std::string(16, '.')}, {"limit", 10}});
  EXPECT_EQ(capped.body["count"], 10);
  EXPECT_FALSE(capped.body["complete"]);
  const Reply unique = post(server(), "count", {{"puzzle", kWikipedia}});
  EXPECT_EQ(unique.body["status"], "unique");
  EXPECT_EQ(post(server(), "count", {{"puzzle", kWikipedia}, {"limit", 0}}).status, 400);
}

// The setter's live verdict: two different solutions while a puzzle is not
// unique (where it is ambiguous), one once it is, and a rule that cannot hold
// named in the answer.
TEST_F(WebApi, CountListsTwoSolutionsSoASetterSeesWhereAPuzzleIsAmbiguous) {
  using Cages = std::vector<std::pair<int, std::vector<std::string>>>;
  const auto killer = [](const Cages& cages) {
    json constraints = json::array();
    for (const auto& [sum, cells] : cages) constraints.push_back({{"kind", "killer-cage"}, {"cells", cells}, {"value", sum}});
    return json{{"puzzle", std::string(16, '.')}, {"size", 4}, {"constraints", constraints}}.dump();
  };
  const Reply open = post(server(), "count", {{"text", killer({{3, {"r1c1", "r1c2"}}})}, {"solutions", 2}});
  ASSERT_EQ(open.status, 200) << open.text;
  EXPECT_EQ(open.body["status"], "multiple");
  ASSERT_EQ(open.body["solutions"].size(), 2u);
  const std::string first = open.body["solutions"][0], second = open.body["solutions"][1];
  EXPECT_NE(first, second);
  for (const std::string& line : {first, second}) {
    const Puzzle grid = puzzle_of(line);
    EXPECT_EQ(grid.cells[0] + grid.cells[1], 3) << line;
    EXPECT_EQ(solve(grid).status, SolveStatus::unique) << line << " is a full, valid grid";
  }
  // Five cages of the grid 1234/3412/2143/4321 that leave it alone (the page's test draws them).
  const Cages all_cages{{8, {"r3c3", "r3c4", "r4c4"}}, {8, {"r2c1", "r2c2", "r3c2"}}, {6, {"r3c1", "r4c1"}},
                        {6, {"r1c4", "r2c4"}}, {3, {"r1c1", "r1c2"}}};
  const Reply unique = post(server(), "count", {{"text", killer(all_cages)}, {"solutions", 2}});
  ASSERT_EQ(unique.status, 200) << unique.text;
  EXPECT_EQ(unique.body["count"], 1) << unique.text;
  EXPECT_EQ(unique.body["solutions"], json::array({"1234341221434321"}));
  // Without "solutions" none are listed (the answer stays small).
  EXPECT_FALSE(post(server(), "count", {{"text", killer(all_cages)}}).body.contains("solutions"));
  EXPECT_EQ(post(server(), "count", {{"puzzle", kWikipedia}, {"solutions", 11}}).status, 400);
  // A cage its cells cannot add up to: invalid, the rule and its cells in the reason.
  const Reply impossible = post(server(), "count", {{"text", killer({{30, {"r1c1", "r1c2"}}})}, {"solutions", 2}});
  ASSERT_EQ(impossible.status, 200) << impossible.text;
  EXPECT_EQ(impossible.body["status"], "invalid");
  EXPECT_EQ(impossible.body["reason"], "killer-cage 30 at r1c1, r1c2: 2 different digits add up to 3..7");
  EXPECT_EQ(impossible.body["solutions"], json::array());
}

TEST_F(WebApi, HintClimbsTheLadderFromTheSamePosition) {
  const Reply one = post(server(), "hint", {{"puzzle", kPointing}, {"level", 1}});
  ASSERT_EQ(one.status, 200) << one.text;
  EXPECT_EQ(one.body["status"], "hint");
  EXPECT_EQ(one.body["text"], "Hint: Pointing in box 8, column 5");
  EXPECT_EQ(one.body["houses"], json({"box 8", "column 5"}));
  EXPECT_FALSE(one.body.contains("cells"));
  const Reply two = post(server(), "hint", {{"puzzle", kPointing}, {"level", 2}});
  EXPECT_EQ(two.body["cells"], json({"r8c5", "r9c5"}));
  const Reply three = post(server(), "hint", {{"puzzle", kPointing}, {"level", 3}});
  EXPECT_EQ(three.body["step"]["technique"], "Pointing");
  EXPECT_EQ(three.body["step"]["eliminations"],
            json({{{"cell", "r2c5"}, {"digit", 4}}, {{"cell", "r3c5"}, {"digit", 4}}}));
  // The same as `nonet hint --level 3`.
  const RunResult cli = run_nonet("hint --level 3", std::string(kPointing) + "\n");
  EXPECT_EQ(cli.out, three.body["text"].get<std::string>() + "\n");
}

TEST_F(WebApi, HintUsesThePlayersPencilMarksAndPointsAtMistakesFirst) {
  // With the pointing's eliminations made in the player's marks, the hint moves on.
  const Puzzle puzzle = puzzle_of(kPointing);
  CandidateGrid grid(puzzle);
  grid.eliminate(cell_index(*puzzle.geometry, "r2c5"), 4);
  grid.eliminate(cell_index(*puzzle.geometry, "r3c5"), 4);
  json candidates = json::array();
  for (int cell = 0; cell < 81; ++cell) {
    std::string marks;
    for (int d = 1; d <= 9; ++d)
      if (!grid.value(cell) && grid.has(cell, d)) marks += static_cast<char>('0' + d);
    candidates.push_back(marks);
  }
  const Reply next = post(server(), "hint", {{"puzzle", kPointing}, {"candidates", candidates}, {"level", 3}});
  ASSERT_EQ(next.body["status"], "hint") << next.text;
  EXPECT_NE(next.body["text"], post(server(), "hint", {{"puzzle", kPointing}, {"level", 3}}).body["text"]);

  const Grid solution = solve(puzzle).solutions.at(0);
  std::string values(81, '.');
  values[0] = static_cast<char>('0' + (solution[0] % 9) + 1);
  const Reply wrong = post(server(), "hint", {{"puzzle", kPointing}, {"values", values}});
  EXPECT_EQ(wrong.body["status"], "mistakes");
  EXPECT_EQ(wrong.body["mistakes"], json({0}));
}

// No step within the time limit on a puzzle with one solution: the answer
// offers the open cell with the fewest candidates and its digit, which the
// page's Reveal button places.
TEST_F(WebApi, AHintWithNoStepInTimeOffersACellToReveal) {
  const std::string hardest = "98.7..6..5...9..7...7..4...4...3.2....59...8......1..31...8...7.2....5....94...6.";
  const Reply reply = post(server(), "hint", {{"puzzle", hardest}, {"time_limit", 0.2}});
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["status"], "gave-up") << reply.text;
  ASSERT_TRUE(reply.body.contains("reveal")) << reply.text;
  const std::string cell = reply.body["reveal"]["cell"];
  const int index = (cell[1] - '1') * 9 + (cell[3] - '1');
  const Puzzle puzzle = testing::parse_one(hardest);
  EXPECT_EQ(reply.body["reveal"]["digit"], solve(puzzle).solutions.at(0)[static_cast<std::size_t>(index)]);
  EXPECT_EQ(puzzle.cells[static_cast<std::size_t>(index)], 0) << "an open cell";
}

TEST_F(WebApi, ExplainsEveryStepAndTheStepsReplayToTheSolution) {
  const Reply reply = post(server(), "explain", {{"puzzle", kXWing}});
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["status"], "solved");
  EXPECT_EQ(reply.body["rating"]["er"], 3.2);
  EXPECT_EQ(reply.body["rating"]["hardest"], "X-Wing");
  const Puzzle puzzle = puzzle_of(kXWing);
  const Geometry& geometry = *puzzle.geometry;
  // Replaying from `start` as the page does ends on the solution.
  const std::string start = reply.body["start"];
  ASSERT_EQ(start.size(), 729u);
  Grid values(81, 0);
  std::vector<Mask> candidates(81, 0);
  for (int cell = 0; cell < 81; ++cell)
    for (int d = 1; d <= 9; ++d)
      if (start[cell * 9 + d - 1] != '.') candidates[cell] |= digit_bit(d);
  for (int cell = 0; cell < 81; ++cell)
    if (puzzle.cells[cell]) values[cell] = puzzle.cells[cell];
  CandidateGrid grid(puzzle.geometry, values, candidates);
  bool x_wing = false;
  for (const auto& step : reply.body["steps"]) {
    x_wing |= step["technique"] == "X-Wing";
    for (const auto& p : step["placements"]) grid.place(cell_index(geometry, p["cell"]), p["digit"]);
    for (const auto& e : step["eliminations"]) grid.eliminate(cell_index(geometry, e["cell"]), e["digit"]);
  }
  EXPECT_TRUE(x_wing);
  EXPECT_TRUE(valid_solution(puzzle, grid.values()));
  EXPECT_EQ(to_line(geometry, grid.values()), reply.body["solution"]);
}

// The words of every front end: several solutions are named, not "no-hint".
TEST_F(WebApi, HintAndRateNameSeveralSolutions) {
  const Reply hint = post(server(), "hint", {{"puzzle", std::string(81, '.')}});
  ASSERT_EQ(hint.status, 200) << hint.text;
  EXPECT_EQ(hint.body["status"], "multiple");
  EXPECT_NE(hint.body["reason"].get<std::string>().find("more than one solution"), std::string::npos) << hint.text;
  const Reply rate = post(server(), "rate", {{"puzzle", std::string(81, '.')}});
  EXPECT_EQ(rate.body["status"], "multiple");
  EXPECT_FALSE(rate.body.contains("rating")) << rate.text;
}

TEST_F(WebApi, ExplainSaysWhereLogicStopsAndFinishesBySearch) {
  const Reply reply = post(server(), "explain", {{"puzzle", kXWing}, {"max_technique", "Pointing"}});
  ASSERT_EQ(reply.status, 200) << reply.text;
  // The ceiling, not logic, stopped it: the status says so and the reason names the next step.
  EXPECT_EQ(reply.body["status"], "above-limit");
  EXPECT_FALSE(reply.body["solved"].get<bool>());
  EXPECT_EQ(reply.body["finished_by"], "search");
  EXPECT_NE(reply.body["stopped"].get<std::string>().find("above the limit"), std::string::npos) << reply.text;
  const Puzzle puzzle = puzzle_of(kXWing);
  EXPECT_TRUE(valid_solution(puzzle, grid_of(*puzzle.geometry, reply.body["solution"])));
  EXPECT_EQ(post(server(), "explain", {{"puzzle", kXWing}, {"max_technique", "Nonsense"}}).status, 400);
}

TEST_F(WebApi, RateMatchesTheCli) {
  const Reply reply = post(server(), "rate", {{"puzzle", kXWing}});
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["status"], "rated");
  EXPECT_EQ(reply.body["rating"]["er"], 3.2);
  EXPECT_EQ(reply.body["rating"]["ep"], 1.2);
  EXPECT_EQ(reply.body["techniques"]["X-Wing"], 1);
  const Reply several = post(server(), "rate", {{"puzzle", std::string(kXWing).substr(0, 80) + "."}});
  EXPECT_EQ(several.body["status"], "multiple");
}

TEST_F(WebApi, GeneratesSymmetricUniquePuzzlesOfTheLevelFromASeed) {
  const json request{{"level", "expert"}, {"symmetry", "rot180"}, {"seed", 42}, {"n", 2}, {"time_limit", 30}};
  const Reply reply = post(server(), "generate", request);
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["status"], "ok");
  ASSERT_EQ(reply.body["puzzles"].size(), 2u);
  for (const auto& made : reply.body["puzzles"]) {
    const Puzzle puzzle = puzzle_of(made["puzzle"]);
    EXPECT_EQ(solve(puzzle).status, SolveStatus::unique);
    EXPECT_TRUE(has_symmetry(*puzzle.geometry, puzzle.cells, Symmetry::rot180));
    EXPECT_GE(made["rating"].get<double>(), 4.0);
    EXPECT_LE(made["rating"].get<double>(), 5.9);
    EXPECT_TRUE(valid_solution(puzzle, grid_of(*puzzle.geometry, made["solution"])));
  }
  EXPECT_EQ(post(server(), "generate", request).body["puzzles"], reply.body["puzzles"]);
  EXPECT_EQ(post(server(), "generate", {{"n", 11}}).status, 400);
  EXPECT_EQ(post(server(), "generate", {{"level", "impossible"}}).status, 400);
  EXPECT_EQ(post(server(), "generate", {{"size", 6}, {"symmetry", "rot90"}}).status, 400);
}

// generate's "rules": the variant puzzles of `nonet generate --variant`, with
// their rules as nonet's JSON (`source`), which the page sends back.
TEST_F(WebApi, GeneratesKillerThermoKropkiAndArrowPuzzlesWithTheirRules) {
  for (const char* rules : {"killer", "thermo", "kropki", "arrow"}) {
    const json request{{"rules", rules}, {"size", 6}, {"seed", 7}, {"time_limit", 30}};
    const Reply reply = post(server(), "generate", request);
    ASSERT_EQ(reply.status, 200) << rules << ": " << reply.text;
    ASSERT_EQ(reply.body["status"], "ok") << reply.text;
    const json& made = reply.body["puzzles"][0];
    ASSERT_FALSE(made["constraints"].empty()) << made.dump();
    EXPECT_EQ(made["source"]["constraints"], made["constraints"]);
    const Reply counted = post(server(), "count", {{"text", made["source"].dump()}, {"limit", 2}});
    ASSERT_EQ(counted.status, 200) << counted.text;
    EXPECT_EQ(counted.body["status"], "unique") << rules;
    const Reply solved = post(server(), "solve", {{"text", made["source"].dump()}});
    EXPECT_EQ(solved.body["solution"], made["solution"]) << rules;
    EXPECT_EQ(post(server(), "generate", request).body["puzzles"], reply.body["puzzles"]) << "seeded";
  }
  const Reply killer = post(server(), "generate", {{"rules", "killer"}, {"size", 4}, {"cage_size", "2-3"}, {"seed", 1}});
  ASSERT_EQ(killer.status, 200) << killer.text;
  for (const auto& cage : killer.body["puzzles"][0]["constraints"]) EXPECT_LE(cage["cells"].size(), 3u) << cage.dump();
  EXPECT_EQ(post(server(), "generate", {{"rules", "sandwich"}}).status, 400);
  EXPECT_EQ(post(server(), "generate", {{"rules", "killer"}, {"variant", "diagonal"}}).status, 400);
  // Variant puzzles are drawn until the variant grade falls in the level.
  const Reply graded = post(server(), "generate", {{"rules", "killer"}, {"level", "intermediate"}, {"seed", 2}});
  ASSERT_EQ(graded.status, 200) << graded.text;
  ASSERT_EQ(graded.body["status"], "ok") << graded.text;
  const double grade = graded.body["puzzles"][0]["rating"].get<double>();
  const auto intermediate = nonet::find_level("intermediate");
  ASSERT_TRUE(intermediate.has_value());
  EXPECT_GE(grade, intermediate->range.min);
  EXPECT_LE(grade, intermediate->range.max);
  EXPECT_EQ(post(server(), "generate", {{"cage_size", "2-3"}}).status, 400);
}

TEST_F(WebApi, EveryVariantAndSize) {
  const std::string regions = slurp(source_path("examples/jigsaw-regions.txt"));
  std::string jigsaw;
  for (const auto& line : {slurp(source_path("examples/jigsaw.txt"))}) jigsaw = line;
  const Reply j = post(server(), "solve", {{"variant", "jigsaw"}, {"regions", regions}, {"text", jigsaw}});
  ASSERT_EQ(j.status, 200) << j.text;
  EXPECT_EQ(j.body["status"], "unique");
  const Reply made = post(server(), "generate", {{"variant", "jigsaw"}, {"regions", regions}, {"seed", 3}});
  ASSERT_EQ(made.status, 200) << made.text;
  EXPECT_EQ(made.body["geometry"]["houses"][18]["kind"], "region");

  const Reply windoku = post(server(), "parse", {{"variant", "windoku"}, {"puzzle", std::string(81, '.')}});
  int windows = 0;
  for (const auto& house : windoku.body["geometry"]["houses"]) windows += house["kind"] == "window";
  EXPECT_EQ(windows, 4);
  const Reply diagonal = post(server(), "generate", {{"variant", "diagonal"}, {"seed", 1}});
  EXPECT_TRUE(diagonal.body["geometry"]["diagonals"]);

  const Reply sixteen = post(server(), "generate", {{"size", 16}, {"seed", 2}});
  ASSERT_EQ(sixteen.status, 200) << sixteen.text;
  const std::string line = sixteen.body["puzzles"][0]["puzzle"];
  const Reply solved = post(server(), "solve", {{"puzzle", line}});
  EXPECT_EQ(solved.body["status"], "unique");
  const Puzzle p16 = puzzle_of(line);
  EXPECT_TRUE(valid_solution(p16, grid_of(*p16.geometry, solved.body["solution"])));
  EXPECT_EQ(post(server(), "parse", {{"variant", "jigsaw"}, {"puzzle", kWikipedia}}).status, 400);
}

// A killer in ISS text and the same killer in nonet's JSON: read, solved,
// counted and checked with its cages, drawn with them, and refused by the
// logic endpoints with the rule named.
TEST_F(WebApi, KillerInIssTextAndNonetJson) {
  const std::string iss = slurp(source_path("examples/killer.txt"));
  const Puzzle killer = parse_one(iss);
  json constraints = json::array();
  for (const Constraint& cage : killer.constraints) {
    json cells = json::array();
    for (int cell : cage.cells) cells.push_back(killer.geometry->cell_name(cell));
    constraints.push_back({{"kind", "killer-cage"}, {"cells", cells}, {"value", *cage.value}});
  }
  const std::string nonet_json = json{{"puzzle", std::string(36, '.')}, {"constraints", constraints}}.dump();
  for (const std::string& text : {iss, nonet_json}) {
    const Reply parsed = post(server(), "parse", {{"text", text}});
    ASSERT_EQ(parsed.status, 200) << parsed.text;
    EXPECT_EQ(parsed.body["size"], 6);
    ASSERT_EQ(parsed.body["constraints"].size(), 15u) << parsed.text;
    EXPECT_EQ(parsed.body["constraints"][0]["kind"], "killer-cage");
    EXPECT_EQ(parsed.body["constraints"][0]["value"], *killer.constraints[0].value);
    EXPECT_EQ(parsed.body["constraints"][0]["cells"][0], killer.geometry->cell_name(killer.constraints[0].cells[0]));

    const Reply solved = post(server(), "solve", {{"text", text}});
    ASSERT_EQ(solved.status, 200) << solved.text;
    EXPECT_EQ(solved.body["status"], "unique");
    const Grid solution = grid_of(*killer.geometry, solved.body["solution"]);
    EXPECT_TRUE(valid_solution(killer, solution)) << "the checker passes every cage";
    EXPECT_EQ(solved.body["solution"], "123456456123231564564231312645645312");

    const Reply counted = post(server(), "count", {{"text", text}, {"limit", 10}});
    EXPECT_EQ(counted.body["count"], 1) << counted.text;
    EXPECT_EQ(counted.body["complete"], true);

    // Entries that keep the houses but break a cage are mistakes.
    std::string entries(36, '.');
    entries[0] = '2';  // the one-cell cage r1c1 sums to 1
    const Reply checked = post(server(), "check", {{"text", text}, {"values", entries}});
    EXPECT_EQ(checked.body["status"], "unique") << checked.text;
    EXPECT_EQ(checked.body["mistakes"], json::array({0}));

    const Reply drawn = post(server(), "render", {{"text", text}});
    ASSERT_EQ(drawn.status, 200) << drawn.text;
    std::size_t dashed = 0;
    for (auto at = drawn.text.find("stroke-dasharray"); at != std::string::npos;
         at = drawn.text.find("stroke-dasharray", at + 1))
      ++dashed;
    EXPECT_EQ(dashed, 15u) << "a dashed outline per cage";

    // The logic reads the cages: explained, rated and hinted as a classic puzzle is.
    for (const char* endpoint : {"explain", "rate", "hint"}) {
      const Reply answered = post(server(), endpoint, {{"text", text}});
      ASSERT_EQ(answered.status, 200) << endpoint << ": " << answered.text;
      const std::string status = std::string(endpoint) == "hint" ? "hint" : endpoint == std::string("rate") ? "rated" : "solved";
      EXPECT_EQ(answered.body["status"], status) << answered.text;
    }
    const Reply explained = post(server(), "explain", {{"text", text}});
    EXPECT_NE(explained.body.dump().find("killer-cage"), std::string::npos) << explained.text;
  }
}

// Links out: the killer as f-puzzles and SudokuPad links (with its solution
// when asked), which read back as the same puzzle; parse's `source` is the
// puzzle as nonet's JSON, which reads back with its rules too.
TEST_F(WebApi, LinksOpenThePuzzleInFpuzzlesAndSudokuPad) {
  const std::string iss = slurp(source_path("examples/killer.txt"));
  const Reply parsed = post(server(), "parse", {{"text", iss}});
  ASSERT_EQ(parsed.status, 200) << parsed.text;
  ASSERT_TRUE(parsed.body.contains("source")) << parsed.text;
  const Reply again = post(server(), "parse", {{"text", parsed.body["source"].dump()}});
  ASSERT_EQ(again.status, 200) << again.text;
  EXPECT_EQ(again.body["constraints"], parsed.body["constraints"]);

  const Reply linked = post(server(), "links", {{"text", iss}, {"solution", true}});
  ASSERT_EQ(linked.status, 200) << linked.text;
  EXPECT_EQ(linked.body["solution"], true);
  const std::string fpuzzles = linked.body["fpuzzles"];
  const std::string sudokupad = linked.body["sudokupad"];
  EXPECT_EQ(fpuzzles.rfind("https://www.f-puzzles.com/?load=", 0), 0u) << fpuzzles;
  EXPECT_EQ(sudokupad.rfind("https://sudokupad.app/fpuzzles", 0), 0u) << sudokupad;
  for (const std::string& link : {fpuzzles, sudokupad}) {
    const Reply back = post(server(), "parse", {{"text", link}});
    ASSERT_EQ(back.status, 200) << back.text;
    EXPECT_EQ(back.body["constraints"], parsed.body["constraints"]) << link;
    EXPECT_EQ(back.body["puzzle"], parsed.body["puzzle"]);
  }

  // A classic line, without the solution: no "solution" in the link's puzzle.
  const Reply plain = post(server(), "links", {{"puzzle", kWikipedia}});
  ASSERT_EQ(plain.status, 200) << plain.text;
  EXPECT_EQ(plain.body["solution"], false);
  const Reply classic = post(server(), "parse", {{"text", plain.body["fpuzzles"]}});
  EXPECT_EQ(classic.body["puzzle"], kWikipedia) << classic.text;

  // A rule f-puzzles cannot state is a 400 naming it.
  const std::string greater =
      json{{"puzzle", std::string(16, '.')},
           {"constraints", json::array({{{"kind", "greater-than"}, {"cells", {"r1c1", "r1c2"}}}})}}
          .dump();
  const Reply refused = post(server(), "links", {{"text", greater}});
  EXPECT_EQ(refused.status, 400) << refused.text;
  EXPECT_NE(refused.body.value("error", "").find("greater-than"), std::string::npos) << refused.text;
}

TEST_F(WebApi, RenderDrawsSvg) {
  const Reply reply = post(server(), "render", {{"puzzle", kWikipedia}, {"solution", true}});
  ASSERT_EQ(reply.status, 200);
  EXPECT_EQ(reply.content_type, "image/svg+xml");
  EXPECT_EQ(reply.text.rfind("<?xml", 0), 0u);
  EXPECT_NE(reply.text.find("</svg>"), std::string::npos);
  // The player's entries are drawn too (in grey, apart from the givens): one
  // glyph more than the givens alone.
  std::string values(81, '.');
  values[2] = '4';
  const auto glyphs = [](const std::string& svg) {
    std::size_t n = 0;
    for (auto at = svg.find("<use"); at != std::string::npos; at = svg.find("<use", at + 1)) ++n;
    return n;
  };
  const Reply entries = post(server(), "render", {{"puzzle", kWikipedia}, {"values", values}});
  const Reply plain = post(server(), "render", {{"puzzle", kWikipedia}});
  EXPECT_EQ(glyphs(entries.text), glyphs(plain.text) + 1);
  EXPECT_GE(glyphs(plain.text), 30u);  // a glyph per given at least
}

TEST_F(WebApi, HttpErrorsCarryJsonBodies) {
  auto client = server().client();
  auto missing = client.Post("/api/v1/nothing", "{}", "application/json");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
  EXPECT_TRUE(json::parse(missing->body).contains("error"));
  auto wrong_method = client.Get("/api/v1/solve");
  EXPECT_EQ(wrong_method->status, 405);
  EXPECT_EQ(wrong_method->get_header_value("Allow"), "POST");
  EXPECT_EQ(client.Post("/api/v1/info", "{}", "application/json")->status, 405);
  EXPECT_EQ(client.Delete("/api/v1/solve")->status, 405);
  auto not_json = client.Post("/api/v1/solve", "puzzle=1", "application/x-www-form-urlencoded");
  EXPECT_EQ(not_json->status, 415);
  auto bad_json = client.Post("/api/v1/solve", "{\"puzzle\": ", "application/json");
  EXPECT_EQ(bad_json->status, 400);
  EXPECT_NE(json::parse(bad_json->body)["error"].get<std::string>().find("not valid JSON"), std::string::npos);
  EXPECT_EQ(client.Post("/api/v1/solve", "[1, 2]", "application/json")->status, 400);
  EXPECT_EQ(client.Post("/api/v1/solve", R"({"puzzle": 5})", "application/json")->status, 400);
  auto too_big = client.Post("/api/v1/solve", std::string(70 * 1024, ' '), "application/json");
  ASSERT_TRUE(too_big);
  EXPECT_EQ(too_big->status, 413);
  EXPECT_EQ(post(server(), "solve", {{"puzzle", kWikipedia}, {"time_limit", 61}}).status, 400);
}

TEST_F(WebApi, ABodyThatIsNoJsonIsAnsweredInTheApisOwnWords) {
  auto reply = server().client().Post("/api/v1/solve", "{\"a\": nott}", "application/json");
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->status, 400);
  const std::string error = json::parse(reply->body)["error"];
  EXPECT_EQ(error,
            "request body is not valid JSON: line 1, column 8: syntax error while parsing value - invalid literal; "
            "last read: '\"a\": no'");
}

TEST_F(WebApi, RefusesAForeignHostOrOrigin) {
  auto client = server().client();
  const std::string port = std::to_string(server().port());
  auto foreign = client.Get("/api/v1/info", {{"Host", "attacker.example:" + port}});
  ASSERT_TRUE(foreign);
  EXPECT_EQ(foreign->status, 403);
  auto other_port = client.Get("/api/v1/info", {{"Host", "127.0.0.1:1"}});
  EXPECT_EQ(other_port->status, 403);
  auto origin = client.Post("/api/v1/solve", {{"Origin", "http://attacker.example"}}, "{}", "application/json");
  EXPECT_EQ(origin->status, 403);
  EXPECT_FALSE(origin->has_header("Access-Control-Allow-Origin"));
  auto own = client.Get("/api/v1/info", {{"Host", "localhost:" + port}, {"Origin", "http://localhost:" + port}});
  EXPECT_EQ(own->status, 200);
}

TEST_F(WebApi, LogsOneLinePerRequest) {
  post(server(), "solve", {{"puzzle", kWikipedia}, {"comment", "log me"}});
  // The server writes the line once the reply is sent: it may come just after.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (server().log().find("POST /api/v1/solve 200") == std::string::npos && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_NE(server().log().find("POST /api/v1/solve 200"), std::string::npos) << server().log();
}

TEST(WebServer, ASlowRequestGivesUpAtItsTimeLimit) {
  ServerProcess server({"--workers", "1"});
  const auto start = std::chrono::steady_clock::now();
  const Reply reply =
      post(server, "count", {{"puzzle", std::string(256, '.')}, {"limit", 1000000}, {"time_limit", 0.3}});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["status"], "gave-up");
  EXPECT_FALSE(reply.body["complete"]);
  EXPECT_LT(seconds, 5.0);
  const Reply rate = post(server, "explain", {{"puzzle", "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"},
                                              {"time_limit", 0.3}});
  EXPECT_EQ(rate.body["status"], "gave-up") << rate.text;
}

TEST(WebServer, ABurstBeyondTheWorkersAndTheQueueGets503sBeforeTheAnswer) {
  ServerProcess server({"--workers", "1", "--queue", "1"});
  const json slow{{"puzzle", std::string(256, '.')}, {"limit", 1000000}, {"time_limit", 1.5}};
  // Each reply's status and its place among the replies: a refusal never
  // waits for the running call, so every 503 comes before the one answer.
  std::atomic<int> finished{0};
  std::vector<std::future<std::pair<int, int>>> replies;
  for (int i = 0; i < 6; ++i)
    replies.push_back(std::async(std::launch::async, [&] {
      const int status = post(server, "count", slow).status;
      return std::pair{status, finished++};
    }));
  int busy = 0, answered = 0, answered_at = -1;
  for (auto& reply : replies) {
    const auto [status, place] = reply.get();
    busy += status == 503;
    if (status == 200) {
      ++answered;
      answered_at = place;
    }
  }
  // One runs, one waits half a second for it and gives up, the rest are refused at once.
  EXPECT_EQ(answered, 1);
  EXPECT_EQ(busy, 5);
  EXPECT_EQ(answered_at, 5);
}

TEST(WebServer, TheQueueAbsorbsASmallBurst) {
  ServerProcess server({"--workers", "1", "--queue", "4"});
  std::vector<std::future<int>> replies;
  for (int i = 0; i < 5; ++i)
    replies.push_back(std::async(std::launch::async, [&] { return post(server, "solve", {{"puzzle", kWikipedia}}).status; }));
  for (auto& reply : replies) EXPECT_EQ(reply.get(), 200);
}

TEST(WebServer, StopsCleanlyOnSigterm) {
  ServerProcess server;
  ASSERT_GT(server.port(), 0);
  EXPECT_EQ(post(server, "solve", {{"puzzle", kWikipedia}}).status, 200);
  EXPECT_EQ(server.stop(), 0);
  EXPECT_NE(server.log().find("stopping"), std::string::npos);
}

// ---- Raw HTTP on loopback: what a hostile or broken client sends ----------

// A socket connected to the server, or -1.
int connect_to(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd >= 0 && connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) return fd;
  if (fd >= 0) close(fd);
  return -1;
}

bool send_all(int fd, const std::string& bytes) {
  for (std::size_t sent = 0; sent < bytes.size();) {
    const ssize_t wrote = send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (wrote <= 0) return false;
    sent += static_cast<std::size_t>(wrote);
  }
  return true;
}

struct RawReply {
  int status = 0;  // 0: no answer
  std::string head, body;
  json error() const { return json::parse(body, nullptr, false); }
};

// Reads one answer: its head, then as many body bytes as it declares. The
// deadline only guards against a hang; nothing here is timed.
RawReply read_reply(int fd, std::chrono::seconds guard = std::chrono::seconds(30)) {
  const auto deadline = std::chrono::steady_clock::now() + guard;
  std::string data;
  RawReply reply;
  while (std::chrono::steady_clock::now() < deadline) {
    const auto end = data.find("\r\n\r\n");
    if (end != std::string::npos) {
      reply.head = data.substr(0, end);
      const auto length_at = reply.head.find("Content-Length: ");
      const std::size_t length = length_at == std::string::npos ? 0 : std::stoul(reply.head.substr(length_at + 16));
      if (data.size() >= end + 4 + length) {
        reply.body = data.substr(end + 4, length);
        std::sscanf(reply.head.c_str(), "HTTP/1.%*d %d", &reply.status);
        return reply;
      }
    }
    pollfd ready{fd, POLLIN, 0};
    if (poll(&ready, 1, 100) <= 0) continue;
    char buffer[65536];
    const ssize_t got = recv(fd, buffer, sizeof buffer, 0);
    if (got <= 0) break;
    data.append(buffer, static_cast<std::size_t>(got));
  }
  return reply;
}

RawReply raw_exchange(int port, const std::string& bytes) {
  const int fd = connect_to(port);
  if (fd < 0 || !send_all(fd, bytes)) return {};
  RawReply reply = read_reply(fd);
  close(fd);
  return reply;
}

std::string host_line(int port) { return "Host: 127.0.0.1:" + std::to_string(port) + "\r\n"; }

// A POST head with the given framing headers, for the solve endpoint.
std::string post_head(int port, const std::string& framing) {
  return "POST /api/v1/solve HTTP/1.1\r\n" + host_line(port) + "Content-Type: application/json\r\n" + framing + "\r\n";
}

// The server's resident memory in KiB (VmRSS).
long resident_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

TEST_F(WebApi, AnyBytesInThePathOrHeadersGetA4xxWithAJsonBody) {
  const int port = server().port();
  const std::vector<std::pair<std::string, std::string>> requests{
      {"GET /%ff HTTP/1.1\r\n" + host_line(port) + "\r\n", "a path that is no UTF-8"},
      {"GET /\xc3\x28\xff HTTP/1.1\r\n" + host_line(port) + "\r\n", "raw bytes in the path"},
      {"GET /api/v1/%fe%ff HTTP/1.1\r\n" + host_line(port) + "\r\n", "an endpoint that is no UTF-8"},
      {"GET / HTTP/1.1\r\nHost: localhost\xff\xfe\r\n\r\n", "a Host that is no UTF-8"},
      {"GET / HTTP/1.1\r\n" + host_line(port) + "Origin: http://\xff\xfe\r\n\r\n", "an Origin that is no UTF-8"},
      {"GET /%01%7f HTTP/1.1\r\n" + host_line(port) + "\r\n", "control characters"},
      {"GET /%zz HTTP/1.1\r\n" + host_line(port) + "\r\n", "a broken escape"},
      {"GET / HTTP/1.1\r\n" + host_line(port) + " folded\r\n\r\n", "a folded header"},
      {"GET / HTTP/1.1\r\n" + host_line(port) + "No colon\r\n\r\n", "a header without a colon"},
      {"GET\r\n\r\n", "no target"},
      {"\xff\xfe / HTTP/1.1\r\n\r\n", "a method that is no token"},
      {post_head(port, "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n"), "two framings"},
      {post_head(port, "Content-Length: 5\r\nContent-Length: 6\r\n"), "two lengths"},
      {post_head(port, "Content-Length: -1\r\n"), "a negative length"},
  };
  for (const auto& [bytes, what] : requests) {
    const RawReply reply = raw_exchange(port, bytes);
    EXPECT_GE(reply.status, 400) << what << ": " << reply.head;
    EXPECT_LT(reply.status, 500) << what << ": " << reply.head;
    EXPECT_TRUE(reply.error().contains("error")) << what << ": " << reply.body;
  }
  // The server is still there for everyone else.
  EXPECT_EQ(post(server(), "solve", {{"puzzle", kWikipedia}}).status, 200);
}

TEST_F(WebApi, TraceConnectAndUnknownMethodsAreNotImplemented) {
  const int port = server().port();
  for (const std::string line : {"TRACE / HTTP/1.1", "CONNECT 127.0.0.1:80 HTTP/1.1", "BREW /api/v1/info HTTP/1.1"}) {
    const RawReply reply = raw_exchange(port, line + "\r\n" + host_line(port) + "\r\n");
    EXPECT_EQ(reply.status, 501) << line << ": " << reply.head;
    EXPECT_TRUE(reply.error().contains("error")) << line << ": " << reply.body;
  }
}

TEST(WebServer, ANulInThePathNeverServesAnotherFile) {
  ServerProcess server({"--web-dir", testing::source_path("web")});
  const int port = server.port();
  ASSERT_EQ(raw_exchange(port, "GET /index.html HTTP/1.1\r\n" + host_line(port) + "\r\n").status, 200);
  for (const std::string path : {"/index.html%00.png", "/index.html%00", "/%00/index.html"}) {
    const RawReply reply = raw_exchange(port, "GET " + path + " HTTP/1.1\r\n" + host_line(port) + "\r\n");
    EXPECT_TRUE(reply.status == 400 || reply.status == 404) << path << ": " << reply.head;
    EXPECT_NE(reply.head.find("Content-Type: application/json"), std::string::npos) << path << ": " << reply.head;
  }
}

TEST_F(WebApi, ADeclaredBodyOverTheLimitIsRefusedBeforeItIsSent) {
  const int port = server().port();
  // Asked whether to send the body, the server says 413 instead of 100 Continue.
  const int fd = connect_to(port);
  ASSERT_TRUE(send_all(fd, post_head(port, "Content-Length: 100000000\r\nExpect: 100-continue\r\n")));
  const RawReply refused = read_reply(fd);
  close(fd);
  EXPECT_EQ(refused.status, 413) << refused.head;
  EXPECT_TRUE(refused.error().contains("error"));
  // Without Expect too: the answer comes with no byte of the body sent (the
  // connection stays open on the client's side meanwhile).
  const int plain = connect_to(port);
  ASSERT_TRUE(send_all(plain, post_head(port, "Content-Length: 100000000\r\n")));
  EXPECT_EQ(read_reply(plain).status, 413);
  close(plain);
  // A length no integer holds is over the limit as well.
  EXPECT_EQ(raw_exchange(port, post_head(port, "Content-Length: 99999999999999999999999999\r\n")).status, 413);
}

// A chunked body that will total `bytes`: valid JSON padded with spaces.
std::string chunked_body(std::size_t bytes) {
  std::string json_text = json{{"puzzle", kWikipedia}}.dump();
  json_text.resize(bytes, ' ');
  std::string out;
  for (std::size_t at = 0; at < json_text.size(); at += 4096) {
    const std::string piece = json_text.substr(at, 4096);
    char size[16];
    std::snprintf(size, sizeof size, "%zx\r\n", piece.size());
    out += size + piece + "\r\n";
  }
  return out + "0\r\n\r\n";
}

TEST_F(WebApi, ChunkedBodiesAreCountedAndCutAtTheLimit) {
  const int port = server().port();
  const RawReply small = raw_exchange(port, post_head(port, "Transfer-Encoding: chunked\r\n") + chunked_body(1000));
  EXPECT_EQ(small.status, 200) << small.head << small.body;
  EXPECT_EQ(small.error()["status"], "unique");
  // 1 MB of (valid) JSON in chunks: refused at the limit, not read whole.
  const int fd = connect_to(port);
  ASSERT_TRUE(send_all(fd, post_head(port, "Transfer-Encoding: chunked\r\n")));
  send_all(fd, chunked_body(1 << 20));  // may stop part way: the server closes
  const RawReply big = read_reply(fd);
  close(fd);
  EXPECT_EQ(big.status, 413) << big.head;
  EXPECT_TRUE(big.error().contains("error"));
  // A chunk size no integer holds.
  EXPECT_EQ(raw_exchange(port, post_head(port, "Transfer-Encoding: chunked\r\n") + "fffffffffffffffffffffff\r\n").status,
            413);
  EXPECT_EQ(raw_exchange(port, post_head(port, "Transfer-Encoding: gzip\r\n")).status, 501);
}

TEST(WebServer, HostileBodiesLeaveMemoryNearItsIdleSize) {
  ServerProcess server;
  const int port = server.port();
  EXPECT_EQ(post(server, "solve", {{"puzzle", kWikipedia}}).status, 200);
  const long idle = resident_kib(server.pid());
  ASSERT_GT(idle, 0);
  // Eight clients each push up to 64 MB of chunks; the server stops each at
  // the limit (the send fails once it has closed).
  std::vector<std::future<int>> clients;
  for (int i = 0; i < 8; ++i)
    clients.push_back(std::async(std::launch::async, [port] {
      const int fd = connect_to(port);
      send_all(fd, post_head(port, "Transfer-Encoding: chunked\r\n"));
      const std::string chunk = "100000\r\n" + std::string(0x100000, ' ') + "\r\n";
      for (int megabyte = 0; megabyte < 64 && send_all(fd, chunk); ++megabyte) {
      }
      const int status = read_reply(fd).status;
      close(fd);
      return status;
    }));
  for (auto& client : clients) EXPECT_EQ(client.get(), 413);
  EXPECT_EQ(post(server, "solve", {{"puzzle", kWikipedia}}).status, 200);
  // Within 32 MiB of where it was: 8 bodies read whole would be 512 MB.
  EXPECT_LT(resident_kib(server.pid()) - idle, 32 * 1024) << "idle: " << idle << " KiB";
}

TEST(WebServer, IdleAndSlowClientsHoldNoWorker) {
  ServerProcess server;
  const int port = server.port();
  std::vector<int> idle, slow;
  for (int i = 0; i < 300; ++i) idle.push_back(connect_to(port));
  for (int i = 0; i < 40; ++i) slow.push_back(connect_to(port));
  ASSERT_EQ(std::count(idle.begin(), idle.end(), -1) + std::count(slow.begin(), slow.end(), -1), 0);
  // The slow clients send their request a byte every 50 ms until the test is
  // done (or the server closes them): a server with a thread per connection,
  // whose timeout starts again with every byte, answers no one meanwhile.
  const std::string trickle = post_head(port, "Content-Length: 2000\r\n") + std::string(2000, ' ');
  std::atomic<bool> done{false};
  std::thread writer([&] {
    for (std::size_t at = 0; !done && at < trickle.size(); ++at) {
      for (const int fd : slow) send(fd, trickle.data() + at, 1, MSG_NOSIGNAL);
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  std::vector<int> statuses;
  for (int round = 0; round < 3; ++round) {
    auto client = server.client();
    client.set_read_timeout(30);  // a hang guard only
    const auto info = client.Get("/api/v1/info");
    statuses.push_back(info ? info->status : 0);
    if (!info) break;
  }
  done = true;
  writer.join();
  for (const int fd : idle) close(fd);
  for (const int fd : slow) close(fd);
  EXPECT_EQ(statuses, std::vector<int>(3, 200));
}

TEST(WebServer, ARequestThatTricklesInIsCutAtItsDeadline) {
  ServerProcess server;
  const int port = server.port();
  const int fd = connect_to(port);
  // A byte every 200 ms renews no per-byte timeout: the whole request has
  // 10 s, then gets 408 (the client stops after about 60 s, a hang guard).
  const std::string trickle = post_head(port, "Content-Length: 200\r\n") + std::string(200, ' ');
  RawReply reply;
  for (std::size_t at = 0; at < trickle.size() && reply.status == 0; ++at) {
    if (!send_all(fd, trickle.substr(at, 1))) break;
    pollfd ready{fd, POLLIN, 0};
    if (poll(&ready, 1, 200) > 0) reply = read_reply(fd);
  }
  close(fd);
  EXPECT_EQ(reply.status, 408) << reply.head;
  EXPECT_TRUE(reply.error().contains("error"));
}

TEST(WebServer, HostCheckAcceptsLoopbackAndIpLiteralsOnItsPortOnly) {
  using web::host_is_ours;
  EXPECT_TRUE(host_is_ours("127.0.0.1:8080", 8080, {}));
  EXPECT_TRUE(host_is_ours("localhost:8080", 8080, {}));
  EXPECT_TRUE(host_is_ours("[::1]:8080", 8080, {}));
  EXPECT_TRUE(host_is_ours("192.168.1.5:8080", 8080, {}));
  EXPECT_FALSE(host_is_ours("localhost:8081", 8080, {}));
  EXPECT_FALSE(host_is_ours("evil.example:8080", 8080, {}));
  EXPECT_TRUE(host_is_ours("sudoku.lan:8080", 8080, {"sudoku.lan"}));
  EXPECT_FALSE(host_is_ours("", 8080, {}));
  EXPECT_TRUE(web::origin_is_ours("http://localhost:8080", 8080, {}));
  EXPECT_FALSE(web::origin_is_ours("https://localhost:8080", 8080, {}));
  EXPECT_FALSE(web::origin_is_ours("null", 8080, {}));
}

}  // namespace
}  // namespace nonet::testing
