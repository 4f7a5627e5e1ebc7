// nonet._nonet: the module, its exceptions and the Puzzle class.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "module.hpp"
#include "nonet/format.hpp"
#include "nonet/generate.hpp"
#include "nonet/version.hpp"

namespace nonet::python {

namespace {

// The exception classes live in the module (nonet.Error and its kin), found
// there when a C++ failure is translated: no state outside the module.
py::object module_attr(const char* name) { return py::module_::import("nonet._nonet").attr(name); }

void raise(const char* type_name, const char* message, const char* status = nullptr) {
  const py::object type = module_attr(type_name);
  const py::object error = type(message);
  if (status) error.attr("status") = status;
  PyErr_SetObject(type.ptr(), error.ptr());
}

void translate(std::exception_ptr pending) {
  try {
    if (pending) std::rethrow_exception(pending);
  } catch (const ParseFailure& failure) {
    raise("ParseError", failure.what());
  } catch (const PuzzleFailure& failure) {
    raise("PuzzleError", failure.what(), failure.status().c_str());
  } catch (const GenerateError& error) {
    raise("GenerateError", error.what());
  } catch (const GeometryError& error) {
    PyErr_SetString(PyExc_ValueError, error.what());
  }
}

// Three classes: Error for everything nonet raises, ParseError (a ValueError
// too) for text that is not a puzzle, PuzzleError for a puzzle that cannot be
// answered for, GenerateError (a ValueError too) for options nobody can meet.
void add_exceptions(py::module_& module) {
  const auto make = [&](const char* name, PyObject* bases, const char* doc) {
    const std::string qualified = std::string("nonet.") + name;
    module.attr(name) = py::reinterpret_steal<py::object>(
        PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases, nullptr));
  };
  make("Error", PyExc_Exception, "Base class of the errors nonet raises.");
  const py::object error = module.attr("Error");
  make("ParseError", py::make_tuple(error, py::handle(PyExc_ValueError)).ptr(),
       "Text that is not a puzzle. The message is the CLI's: 'SOURCE:LINE:COLUMN: reason'.");
  make("PuzzleError", error.ptr(),
       "A puzzle the call cannot answer for. `status` says why: 'invalid' (the givens clash), "
       "'no-solution', 'multiple' (a unique puzzle was needed) or 'gave-up' (past max_nodes).");
  module.attr("PuzzleError").attr("status") = "";
  make("GenerateError", py::make_tuple(error, py::handle(PyExc_ValueError)).ptr(),
       "Generation options that cannot be met (a symmetry the variant lacks, an unknown level, ...).");
  py::register_exception_translator(translate);
}

// ---- Puzzle -----------------------------------------------------------------

ReadOptions read_options(const std::string& variant, const std::optional<std::string>& regions, int size) {
  ReadOptions options;
  options.variant = variant_spec(variant, regions, size);
  return options;
}

// Exactly one puzzle of `text`, read as the CLI reads its input.
Puzzle parse(const std::string& text, const std::string& variant, const std::optional<std::string>& regions,
             int size, const std::string& source) {
  const auto records = read_all(text, read_options(variant, regions, size), source);
  const Record& first = records.front();
  if (!first.puzzle) throw ParseFailure(first.error ? first.error->to_string() : source + ":1:1: not a puzzle");
  if (records.size() > 1)
    throw ParseFailure(Diagnostic{source, records[1].line, 1,
                                  "a second puzzle (Puzzle.parse reads one; nonet.parse_all reads many)"}
                           .to_string());
  return *first.puzzle;
}

std::vector<Puzzle> parse_all(const std::string& text, const std::string& variant,
                              const std::optional<std::string>& regions, int size, const std::string& source) {
  std::vector<Puzzle> puzzles;
  for (Record& record : read_all(text, read_options(variant, regions, size), source)) {
    if (!record.puzzle) throw ParseFailure(record.error->to_string());
    puzzles.push_back(std::move(*record.puzzle));
  }
  return puzzles;
}

// A puzzle from N*N digits (0 = empty) as a sequence or an (N, N) array, or
// from its text.
Puzzle from_cells(const py::object& cells, const std::string& variant, const std::optional<std::string>& regions,
                  int size) {
  if (py::isinstance<py::str>(cells)) return parse(cells.cast<std::string>(), variant, regions, size, "<string>");
  const auto digits = py::array_t<long long, py::array::c_style | py::array::forcecast>::ensure(cells);
  if (!digits) throw py::type_error("Puzzle: expected a str or a sequence of N*N digits (0 = empty)");
  const auto count = static_cast<int>(digits.size());
  const int n = static_cast<int>(std::lround(std::sqrt(count)));
  if (n * n != count || n < 1 || (digits.ndim() == 2 && digits.shape(0) != n) || digits.ndim() > 2)
    throw py::value_error("Puzzle: expected N*N cells (or an N x N array), got " + std::to_string(count) +
                          " cells in " + std::to_string(digits.ndim()) + " dimensions");
  const VariantSpec spec = variant_spec(variant, regions, size);
  Puzzle puzzle{make_geometry(spec, n), Grid(count, 0), ""};
  const long long* data = digits.data();
  for (int cell = 0; cell < count; ++cell) {
    if (data[cell] < 0 || data[cell] > n)
      throw py::value_error("Puzzle: cell " + puzzle.geometry->cell_name(cell) + " holds " +
                            std::to_string(data[cell]) + ", not 0..." + std::to_string(n));
    puzzle.cells[cell] = static_cast<std::uint8_t>(data[cell]);
  }
  return puzzle;
}

// The region labels of a jigsaw (as its map is written), none otherwise.
std::optional<std::string> region_labels(const Puzzle& puzzle) {
  if (puzzle.geometry->variant() != "jigsaw") return std::nullopt;
  std::string labels;
  for (int region : puzzle.geometry->regions()) labels += digit_char(region + 1);
  return labels;
}

py::array_t<std::uint8_t> grid_array(const Puzzle& puzzle) {
  const auto n = static_cast<py::ssize_t>(puzzle.geometry->size());
  py::array_t<std::uint8_t> out({n, n});
  std::copy(puzzle.cells.begin(), puzzle.cells.end(), out.mutable_data());
  return out;
}

std::string repr(const Puzzle& puzzle) {
  std::ostringstream out;
  out << "Puzzle('" << to_line(*puzzle.geometry, puzzle.cells) << "'";
  if (puzzle.geometry->variant() != "classic") out << ", variant='" << puzzle.geometry->variant() << "'";
  if (const auto labels = region_labels(puzzle)) out << ", regions='" << *labels << "'";
  out << ")";
  return out.str();
}

// The houses a puzzle's text added to its variant's (ISS's Windoku,
// DisjointSets, Diagonal…), which its line and variant do not say.
std::vector<House> extra_houses(const Puzzle& puzzle) {
  const Geometry& geometry = *puzzle.geometry;
  VariantSpec spec;
  spec.name = geometry.variant();
  if (const auto labels = region_labels(puzzle)) spec.regions = parse_region_map(*labels);
  const std::size_t known = make_geometry(spec, geometry.size())->houses().size();
  return {geometry.houses().begin() + static_cast<std::ptrdiff_t>(std::min(known, geometry.houses().size())),
          geometry.houses().end()};
}

bool same_houses(const Geometry& a, const Geometry& b) {
  return std::equal(a.houses().begin(), a.houses().end(), b.houses().begin(), b.houses().end(),
                    [](const House& x, const House& y) { return x.kind == y.kind && x.cells == y.cells; });
}

bool same(const Puzzle& a, const Puzzle& b) {
  return a.cells == b.cells && a.geometry->variant() == b.geometry->variant() &&
         a.geometry->regions() == b.geometry->regions() && a.constraints == b.constraints &&
         same_houses(*a.geometry, *b.geometry);
}

// Pickled as its words (line, variant, regions, comment), its variant rules
// as nonet's JSON and the houses its text added: a Dask worker rebuilds the
// geometry and reads the rules back, so a killer stays a killer.
py::tuple pickle_state(const Puzzle& puzzle) {
  const std::string rules = puzzle.constraints.empty()
                                ? std::string()
                                : encode::dump(encode::constraints(*puzzle.geometry, puzzle.constraints));
  py::list houses;
  for (const House& house : extra_houses(puzzle))
    houses.append(py::make_tuple(static_cast<int>(house.kind), house.index, house.cells));
  return py::make_tuple(to_line(*puzzle.geometry, puzzle.cells), puzzle.geometry->variant(), region_labels(puzzle),
                        puzzle.comment, rules, houses);
}

Puzzle unpickle(const py::tuple& state) {
  const std::string line = state[0].cast<std::string>(), variant = state[1].cast<std::string>();
  const auto regions = state[2].cast<std::optional<std::string>>();
  // Pickles of nonet 0.2 hold the first four words alone.
  const std::string rules = state.size() > 4 ? state[4].cast<std::string>() : std::string();
  Puzzle puzzle = parse(line, variant, regions, 0, "<pickle>");
  if (!rules.empty())
    puzzle.constraints = parse("{\"puzzle\": \"" + line + "\", \"constraints\": " + rules + "}", variant, regions, 0,
                               "<pickle>")
                             .constraints;
  if (state.size() > 5 && !state[5].cast<py::list>().empty()) {
    std::vector<House> houses;
    for (const auto& item : state[5].cast<py::list>()) {
      const auto house = item.cast<std::tuple<int, int, std::vector<int>>>();
      houses.push_back(House{static_cast<HouseKind>(std::get<0>(house)), std::get<1>(house), std::get<2>(house)});
    }
    puzzle.geometry = std::make_shared<const Geometry>(Geometry::with_houses(*puzzle.geometry, std::move(houses)));
  }
  puzzle.comment = state[3].cast<std::string>();
  return puzzle;
}

}  // namespace

VariantSpec variant_spec(const std::string& variant, const std::optional<std::string>& regions, int size) {
  VariantSpec spec;
  spec.name = variant;
  const auto names = variant_names();
  if (std::find(names.begin(), names.end(), variant) == names.end())
    throw std::invalid_argument("unknown variant '" + variant + "' (expected classic, diagonal, windoku, jigsaw or latin)");
  if (size < 0 || size > kMaxSize) throw std::invalid_argument("size must be from 0 (from the puzzle) to 64");
  spec.size = size;
  if (regions && !regions->empty()) {
    if (variant != "jigsaw") throw std::invalid_argument("regions are for the jigsaw variant only");
    try {
      spec.regions = parse_region_map(*regions);
    } catch (const GeometryError& error) {
      throw std::invalid_argument(std::string("regions: ") + error.what());
    }
  } else if (variant == "jigsaw") {
    throw std::invalid_argument("the jigsaw variant needs regions: a map of N*N region labels");
  }
  return spec;
}

std::shared_ptr<const Geometry> geometry_of(const VariantSpec& spec) {
  int size = spec.size;
  if (size == 0 && !spec.regions.empty()) size = static_cast<int>(std::lround(std::sqrt(spec.regions.size())));
  return make_geometry(spec, size ? size : 9);
}

Scale scale_of(const std::string& name) {
  if (name == "se") return Scale::se;
  if (name == "sukaku") return Scale::sukaku;
  throw std::invalid_argument("scale must be 'se' or 'sukaku', not '" + name + "'");
}

void bind_puzzle(py::module_& module) {
  py::class_<Puzzle>(module, "Puzzle",
                     "A puzzle: its variant (geometry) and givens. Build one with Puzzle.parse(text) or "
                     "Puzzle(cells); str() gives the one-line form, grid() an N x N NumPy array.")
      .def(py::init(&from_cells), py::arg("cells"), py::kw_only(), py::arg("variant") = "classic",
           py::arg("regions") = py::none(), py::arg("size") = 0,
           "A puzzle from N*N digits (0 = empty): a sequence or an N x N array; or from text, as parse().")
      .def_static("parse", &parse, py::arg("text"), py::kw_only(), py::arg("variant") = "classic",
                  py::arg("regions") = py::none(), py::arg("size") = 0, py::arg("source") = "<string>",
                  "Reads one puzzle as the CLI does: a line of N*N cells ('.' or '0' empty) and a comment, "
                  "a grid block, or JSON. Raises ParseError (message 'SOURCE:LINE:COL: reason').")
      .def("__str__", [](const Puzzle& p) { return to_line(*p.geometry, p.cells); })
      .def("__repr__", &repr)
      .def("__eq__", &same)
      .def("__hash__", [](const Puzzle& p) { return py::hash(py::str(to_line(*p.geometry, p.cells))); })
      .def("grid", &grid_array, "The cells as an N x N uint8 NumPy array (0 = empty); a copy.")
      .def("pretty", [](const Puzzle& p) { return to_pretty_grid(*p.geometry, p.cells); },
           "The puzzle drawn as a grid with box borders, as `nonet solve --format grid` prints it.")
      .def_property_readonly("size", [](const Puzzle& p) { return p.geometry->size(); }, "N: the digits 1..N.")
      .def_property_readonly("variant", [](const Puzzle& p) { return p.geometry->variant(); },
                             "'classic', 'diagonal', 'windoku' or 'jigsaw'.")
      .def_property_readonly("regions", &region_labels,
                             "A jigsaw's region map (N*N labels), None for the other variants.")
      .def_property_readonly(
          "constraints", [](const Puzzle& p) { return to_python(encode::constraints(*p.geometry, p.constraints)); },
          "The variant rules beyond the houses (killer cages, thermometers…) as dicts in nonet's JSON: "
          "kind, cells ('r1c1'), and value, split, digits, outside where the kind has them. Empty for "
          "a classic puzzle.")
      .def_property_readonly("comment", [](const Puzzle& p) { return p.comment; },
                             "The text that followed the puzzle on its line.")
      .def_property_readonly(
          "givens",
          [](const Puzzle& p) { return std::count_if(p.cells.begin(), p.cells.end(), [](auto c) { return c != 0; }); },
          "The number of filled cells.")
      .def(py::pickle(&pickle_state, &unpickle));
  module.def("parse_all", &parse_all, py::arg("text"), py::kw_only(), py::arg("variant") = "classic",
             py::arg("regions") = py::none(), py::arg("size") = 0, py::arg("source") = "<string>",
             "Every puzzle of `text` as a list; ParseError at the first one that is not a puzzle.");
}

}  // namespace nonet::python

PYBIND11_MODULE(_nonet, module) {
  using namespace nonet::python;
  module.doc() = "nonet's C++ engine; use the nonet package, which documents it.";
  module.attr("__version__") = nonet::version();
  // Classes print and pickle as nonet.Puzzle, the name users see.
  module.attr("__module__") = "nonet";
  add_exceptions(module);
  bind_puzzle(module);
  bind_single(module);
  bind_batch(module);
}
