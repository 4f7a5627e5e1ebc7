// The batch runner's promise, output line i for record i, on the inputs the
// fuzz targets keep (fuzz/corpus: every format, the odd inputs and the
// regression inputs of their findings), through the real binary and several
// threads. The reader target checks the records themselves; this checks
// that `nonet solve` prints exactly one line per record, in order.
#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace nonet {
namespace {

std::vector<std::string> corpus_files() {
  std::vector<std::string> files;
  for (const char* folder : {"fuzz/corpus/reader", "fuzz/corpus/solve"})
    for (const auto& entry : std::filesystem::directory_iterator(testing::source_path(folder)))
      if (entry.is_regular_file()) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

using testing::lines_of;

// Bounded, so no corpus input keeps the test busy; -j 4 so blocks of records
// really finish out of order.
const std::string kSolve = "solve --max-nodes 20000 -j 4 ";

TEST(FuzzCorpus, SolvePrintsOneLinePerRecordInOrder) {
  const auto files = corpus_files();
  ASSERT_GT(files.size(), 20u);
  for (const std::string& file : files) {
    auto records = read_all(testing::slurp(file), {}, file);
    // An input without puzzles (empty, binary) gets a message but no output line.
    std::erase_if(records, [](const Record& record) { return record.whole_input; });
    const auto text = testing::run_nonet(kSolve + file);
    EXPECT_EQ(std::count(text.out.begin(), text.out.end(), '\n'), static_cast<long>(records.size())) << file;
    EXPECT_TRUE(text.out.empty() || text.out.back() == '\n') << file;
    const auto json = lines_of(testing::run_nonet(kSolve + "--format json " + file).out);
    ASSERT_EQ(json.size(), records.size()) << file;
    for (std::size_t i = 0; i < json.size(); ++i) {
      const auto value = nlohmann::json::parse(json[i]);
      EXPECT_EQ(value.at("index"), i) << file << ": " << json[i];
      EXPECT_EQ(value.at("line"), records[i].line) << file << ": " << json[i];
    }
  }
}

// Found by the test above on the reader target's regression input (its
// messages quote bytes 0xFF): nlohmann's dump throws on text that is not
// UTF-8, so `nonet solve --format json` aborted on a Latin-1 comment.
TEST(FuzzCorpus, JsonOutputTakesTextThatIsNotUtf8) {
  const std::string wikipedia = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  const auto result = testing::run_nonet("solve --format json", wikipedia + " caf\xe9\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const auto lines = lines_of(result.out);
  ASSERT_EQ(lines.size(), 1u) << result.out;
  EXPECT_EQ(nlohmann::json::parse(lines[0]).at("comment"), "caf\xef\xbf\xbd");  // U+FFFD
}

}  // namespace
}  // namespace nonet
