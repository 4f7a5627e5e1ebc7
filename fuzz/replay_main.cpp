// Runs a fuzz target over saved inputs without libFuzzer: every file named on
// the command line, and every file in each folder named there. `make test`
// builds the targets this way in its g++ ASan+UBSan tree and replays
// fuzz/corpus (seeds and past findings), so a regression fails the tests
// without a clang tree of its own; `make fuzz` is where new inputs are found.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool replay(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "%s: cannot be read\n", file.c_str());
    return false;
  }
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  // A copy of exactly the input's length, as libFuzzer passes it: ASan then
  // sees a read one byte past the end.
  const std::vector<std::uint8_t> data(bytes.begin(), bytes.end());
  LLVMFuzzerTestOneInput(data.data(), data.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE_OR_FOLDER...\n", argv[0]);
    return 2;
  }
  int replayed = 0;
  bool ok = true;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path path = argv[i];
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
      std::vector<std::filesystem::path> files;
      for (const auto& entry : std::filesystem::directory_iterator(path))
        if (entry.is_regular_file()) files.push_back(entry.path());
      std::sort(files.begin(), files.end());  // a stable order, for a stable log
      for (const auto& file : files) {
        ok = replay(file) && ok;
        ++replayed;
      }
    } else {
      ok = replay(path) && ok;
      ++replayed;
    }
  }
  std::printf("%s: %d inputs replayed\n", argv[0], replayed);
  if (replayed == 0) std::fprintf(stderr, "%s: no inputs found\n", argv[0]);
  return ok && replayed > 0 ? 0 : 1;
}
