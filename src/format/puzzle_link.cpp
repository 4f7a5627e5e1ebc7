// Puzzle links: where in the link the compressed text is, which format it
// holds (the prefixes are SudokuPad's: fpuzzles/fpuz for f-puzzles JSON,
// scl/ctc for its own), and the compressed text cleaned of URL encoding
// with each character's column kept, so an error points into the link.
#include "puzzle_link.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

#include "fpuzzles.hpp"
#include "json_support.hpp"
#include "lz_string.hpp"
#include "sudokupad.hpp"

namespace nonet::detail {

namespace {

// Hosts whose links are read; anything else with "://" is a link to a
// puzzle kept elsewhere (a URL shortener, a puzzle site).
constexpr std::array<std::string_view, 6> kHosts = {"f-puzzles.com", "sudokupad.app", "crackingthecryptic.com",
                                                     "sudokupad.svencodes.com", "beta.sudokupad.app",
                                                     "www.f-puzzles.com"};

std::string lower(std::string_view text) {
  std::string result(text);
  for (char& c : result) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return result;
}

bool starts_with_ci(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && lower(text.substr(0, prefix.size())) == prefix;
}

bool known_host(std::string_view host) {
  const std::string name = lower(host);
  return std::any_of(kHosts.begin(), kHosts.end(), [&](std::string_view known) {
    // The host itself or one of its subdomains (www.f-puzzles.com).
    return name == known ||
           (name.size() > known.size() && name.ends_with(known) && name[name.size() - known.size() - 1] == '.');
  });
}

// The compressed text as the decoder wants it: %XX decoded, spaces (a '+'
// decoded as a form would) back to '+', line breaks dropped; columns[i] is
// the 1-based column of text[i] in the link.
struct Cleaned {
  std::string text;
  std::vector<int> columns;
};

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

Cleaned cleaned(std::string_view payload, int first_column) {
  Cleaned out;
  for (std::size_t i = 0; i < payload.size(); ++i) {
    const int column = first_column + static_cast<int>(i);
    char c = payload[i];
    if (c == '\r' || c == '\n' || c == '\t') continue;
    if (c == '%' && i + 2 < payload.size() && hex_value(payload[i + 1]) >= 0 && hex_value(payload[i + 2]) >= 0) {
      c = static_cast<char>(hex_value(payload[i + 1]) * 16 + hex_value(payload[i + 2]));
      i += 2;
    } else if (c == ' ') {
      c = '+';
    }
    out.text += c;
    out.columns.push_back(column);
  }
  return out;
}

// Where the compressed text lies in the link, and what it holds.
struct Located {
  LinkFormat format;
  std::string_view payload;
};

class Locator {
 public:
  Locator(std::string_view text, Diagnostic& error) : text_(text), error_(error) {}
  std::optional<Located> locate();

 private:
  std::optional<Located> fail(std::string_view at, std::string reason) {
    error_ = Diagnostic{"", 1, column(at), std::move(reason)};
    return std::nullopt;
  }
  int column(std::string_view part) const { return static_cast<int>(part.data() - text_.data()) + 1; }
  std::optional<Located> from_link(std::string_view rest);
  // A puzzle id as SudokuPad names it: a format prefix and the data, or a
  // name of a puzzle on its server.
  std::optional<Located> from_id(std::string_view id, std::string_view host);

  std::string_view text_;
  Diagnostic& error_;
};

std::optional<Located> Locator::from_id(std::string_view id, std::string_view host) {
  struct Prefix {
    std::string_view name;
    LinkFormat format;
  };
  // Longest first: "fpuzzles" before "fpuz".
  static constexpr std::array<Prefix, 4> kPrefixes = {Prefix{"fpuzzles", LinkFormat::fpuzzles},
                                                      Prefix{"fpuz", LinkFormat::fpuzzles},
                                                      Prefix{"scl", LinkFormat::sudokupad},
                                                      Prefix{"ctc", LinkFormat::sudokupad}};
  for (const Prefix& prefix : kPrefixes)
    if (starts_with_ci(id, prefix.name)) return Located{prefix.format, id.substr(prefix.name.size())};
  if (starts_with_ci(id, "sxsm"))
    return fail(id, "a Sudoku Maker (sxsm) puzzle: that format is not read; open it in SudokuPad and share it as f-puzzles");
  if (id.starts_with("N4I")) return Located{LinkFormat::fpuzzles, id};  // f-puzzles JSON, compressed, with no prefix
  if (host.empty())
    return fail(id, "not a compressed puzzle (an f-puzzles string starts N4I…, a SudokuPad one fpuzzles… or scl…)");
  const std::string where = lower(host).find("f-puzzles") != std::string::npos ? "f-puzzles' server"
                            : known_host(host)                               ? "SudokuPad's server"
                                                                             : std::string(host);
  return fail(id, in_quotes(id) + " names a puzzle kept on " + where +
                      ", which nonet does not ask: give the link that holds the puzzle itself (f-puzzles ?load=…, "
                      "or SudokuPad's fpuzzles…/scl… link)");
}

std::optional<Located> Locator::from_link(std::string_view rest) {
  const std::size_t host_end = std::min(rest.find_first_of("/?#"), rest.size());
  const std::string_view host = rest.substr(0, host_end);
  std::string_view after = rest.substr(host_end);
  after = after.substr(0, std::min(after.find('#'), after.size()));
  const std::size_t query_start = std::min(after.find('?'), after.size());
  std::string_view path = after.substr(0, query_start);
  std::string_view query = query_start < after.size() ? after.substr(query_start + 1) : std::string_view();
  std::optional<std::string_view> id;
  while (!query.empty()) {
    const std::size_t end = std::min(query.find('&'), query.size());
    const std::string_view parameter = query.substr(0, end);
    query = end < query.size() ? query.substr(end + 1) : std::string_view();
    const std::size_t equals = parameter.find('=');
    if (equals == std::string_view::npos) continue;
    const std::string name = lower(parameter.substr(0, equals));
    const std::string_view value = parameter.substr(equals + 1);
    if (name == "load") return Located{LinkFormat::fpuzzles, value};
    if (name == "puzzleid") id = value;
    if (name == "id" && lower(host).find("f-puzzles") != std::string::npos)
      return fail(value, in_quotes(value) +
                             " names a puzzle kept on f-puzzles' server, which nonet does not ask: give the ?load=… link");
  }
  if (!id) {
    while (path.starts_with('/')) path.remove_prefix(1);
    // app.crackingthecryptic.com/sudoku/ID, sudokupad.app/sudoku/ID
    if (starts_with_ci(path, "sudoku/")) path.remove_prefix(7);
    while (!path.empty() && (path.back() == '/' || std::isspace(static_cast<unsigned char>(path.back()))))
      path.remove_suffix(1);
    id = path;
  }
  if (id->empty()) return fail(rest, "the link holds no puzzle (no ?load=, ?puzzleid= or puzzle after the host)");
  return from_id(*id, host);
}

std::optional<Located> Locator::locate() {
  std::string_view rest = text_;
  while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.front()))) rest.remove_prefix(1);
  while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.back()))) rest.remove_suffix(1);
  if (rest.empty()) return fail(text_, "no link");
  if (const std::size_t scheme = rest.find("://"); scheme != std::string_view::npos && scheme < 10)
    return from_link(rest.substr(scheme + 3));
  // A link written without its scheme.
  const std::string_view host = rest.substr(0, std::min(rest.find_first_of("/?#"), rest.size()));
  if (host.size() < rest.size() && known_host(host)) return from_link(rest);
  return from_id(rest, "");
}

}  // namespace

bool looks_like_puzzle_link(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return false;
  const std::string_view rest = text.substr(first);
  const std::string head = lower(rest.substr(0, 64));
  if (head.starts_with("http://") || head.starts_with("https://")) {
    const std::string_view after = rest.substr(rest.find("://") + 3);
    return known_host(after.substr(0, std::min(after.find_first_of("/?#"), after.size())));
  }
  for (std::string_view host : kHosts)
    if (head.starts_with(host)) return true;
  for (std::string_view prefix : {"fpuzzlesn4i", "fpuzn4i", "scln4i", "ctcn4i", "n4i"})
    if (head.starts_with(prefix)) return true;
  return false;
}

std::optional<LinkPayload> decode_puzzle_link(std::string_view text, Diagnostic& error) {
  const auto located = Locator(text, error).locate();
  if (!located) return std::nullopt;
  const int column = static_cast<int>(located->payload.data() - text.data()) + 1;
  const Cleaned compressed = cleaned(located->payload, column);
  if (compressed.text.empty()) {
    error = Diagnostic{"", 1, column, "the link holds no puzzle after its prefix"};
    return std::nullopt;
  }
  auto json = lz_decompress_from_base64(compressed.text, error);
  if (!json) {
    const std::size_t at = static_cast<std::size_t>(error.column - 1);
    error.column = at < compressed.columns.size() ? compressed.columns[at] : column;
    return std::nullopt;
  }
  if (located->format == LinkFormat::sudokupad) {
    json = unzip_sudokupad(*json, error);
    if (!json) {
      error = Diagnostic{"", 1, column, "SudokuPad's puzzle in the link: " + error.reason};
      return std::nullopt;
    }
  }
  return LinkPayload{located->format, std::move(*json), column};
}

std::optional<Puzzle> read_puzzle_link(std::string_view text, Diagnostic& error) {
  const auto payload = decode_puzzle_link(text, error);
  if (!payload) return std::nullopt;
  auto puzzle = payload->format == LinkFormat::fpuzzles ? read_fpuzzles(payload->json, error)
                                                        : read_sudokupad(payload->json, error);
  if (!puzzle) {
    // The JSON's own line and column mean nothing in the link: the reason
    // names the key and entry instead.
    error = Diagnostic{"", 1, payload->column,
                       (payload->format == LinkFormat::fpuzzles ? "the f-puzzles puzzle in the link: "
                                                                : "the SudokuPad puzzle in the link: ") +
                           error.reason};
  }
  return puzzle;
}

}  // namespace nonet::detail
