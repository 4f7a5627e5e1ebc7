// The pieces of the extension nonet._nonet, shared by its source files. The
// extension is the thin layer over the library; the package's pure-Python
// part (python/nonet/) gives it its documented, typed face.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "analysis/result_json.hpp"
#include "nonet/logic.hpp"
#include "nonet/model.hpp"

namespace nonet::python {

namespace py = pybind11;

// As the CLI's --max-nodes: no input keeps a call busy for ever.
constexpr std::uint64_t kMaxNodes = 100'000'000;

// Text that is not a puzzle: raised as nonet.ParseError with the
// Diagnostic's "SOURCE:LINE:COL: reason", as the CLI prints it.
class ParseFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A puzzle the call cannot answer for (clashing givens, no solution, several
// where one is needed, past the node limit): raised as nonet.PuzzleError with
// `status` the CLI's word for it.
class PuzzleFailure : public std::runtime_error {
 public:
  PuzzleFailure(std::string status, const std::string& message)
      : std::runtime_error(message), status_(std::move(status)) {}
  const std::string& status() const { return status_; }

 private:
  std::string status_;
};

// The user's variant words as a VariantSpec; a bad name or region map is a
// ValueError (std::invalid_argument).
VariantSpec variant_spec(const std::string& variant, const std::optional<std::string>& regions, int size);
// The geometry of a spec where no puzzle gives the size: its own size, the
// region map's, or 9.
std::shared_ptr<const Geometry> geometry_of(const VariantSpec& spec);
Scale scale_of(const std::string& name);
// The rating of a unique puzzle, as `nonet rate` finds it.
Rating rate_unique(const Puzzle& puzzle, Scale scale, double time_limit);

// JSON of the library's one encoding as Python objects: dicts, lists, str,
// int, float, bool, None.
py::object to_python(const encode::Json& value);

void bind_puzzle(py::module_& module);
void bind_single(py::module_& module);
void bind_batch(py::module_& module);

}  // namespace nonet::python
