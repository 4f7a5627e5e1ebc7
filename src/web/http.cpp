// HTTP/1.1 requests read incrementally and responses written (http.hpp).
// Strict where leniency lets two parties read one message two ways (request
// smuggling): a body framed by both Content-Length and chunked, differing
// Content-Lengths, folded header lines and unknown transfer codings are
// refused.
#include "web/http.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

namespace nonet::web::http {

namespace {

constexpr std::size_t kMaxHeaders = 100;
constexpr std::size_t kMaxChunkLine = 1024;  // a chunk's size and its extensions

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// RFC 9110's token: the characters of a method or a header name.
bool is_token(std::string_view text) {
  static constexpr std::string_view kSymbols = "!#$%&'*+-.^_`|~";
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) {
    return std::isalnum(c) || kSymbols.find(static_cast<char>(c)) != std::string_view::npos;
  });
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The path of a request target, percent-decoded ('+' stays '+'); false when
// an escape is broken or the path holds a control character (a NUL would end
// it early for the file system: "/index.html%00.png").
bool decode_path(std::string_view target, std::string& path) {
  target = target.substr(0, target.find('?'));
  path.clear();
  for (std::size_t i = 0; i < target.size(); ++i) {
    char c = target[i];
    if (c == '%') {
      if (i + 2 >= target.size()) return false;
      const int high = hex_value(target[i + 1]), low = hex_value(target[i + 2]);
      if (high < 0 || low < 0) return false;
      c = static_cast<char>(high * 16 + low);
      i += 2;
    }
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return false;
    path += c;
  }
  return true;
}

bool parse_size(std::string_view digits, int base, std::size_t& value) {
  if (digits.empty()) return false;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
  return error == std::errc() && end == digits.data() + digits.size();
}

// Where the head ends (after its empty line), or npos; lines may end in
// CRLF or a bare LF.
std::size_t head_end(std::string_view input) {
  for (std::size_t at = input.find('\n'); at != std::string_view::npos; at = input.find('\n', at + 1)) {
    const std::size_t next = at + 1;
    if (next < input.size() && input[next] == '\n') return next + 1;
    if (next + 1 < input.size() && input[next] == '\r' && input[next + 1] == '\n') return next + 2;
  }
  return std::string_view::npos;
}

const char* reason_phrase(int status) {
  switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 413: return "Payload Too Large";
    case 415: return "Unsupported Media Type";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Unknown";
  }
}

}  // namespace

const std::string& Request::header(std::string_view name) const {
  static const std::string none;
  for (const auto& [key, value] : headers)
    if (key == name) return value;
  return none;
}

bool Request::has_header(std::string_view name) const {
  return std::any_of(headers.begin(), headers.end(), [&](const auto& header) { return header.first == name; });
}

bool Request::keep_alive() const {
  const std::string connection = lower(header("connection"));
  if (connection.find("close") != std::string::npos) return false;
  return !http10 || connection.find("keep-alive") != std::string::npos;
}

void Response::set_content(std::string content, std::string type) {
  body = std::move(content);
  content_type = std::move(type);
}

void Response::set_error(int error_status, const std::string& message) {
  status = error_status;
  set_content(nlohmann::json{{"error", message}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
              "application/json");
}

std::string serialize(const Response& response, bool close, bool head_only) {
  std::string out = "HTTP/1.1 " + std::to_string(response.status) + " " + reason_phrase(response.status) + "\r\n";
  if (!response.content_type.empty()) out += "Content-Type: " + response.content_type + "\r\n";
  out += "Content-Length: " + std::to_string(response.body.size()) + "\r\n";
  for (const auto& [name, value] : response.headers) out += name + ": " + value + "\r\n";
  if (close) out += "Connection: close\r\n";
  out += "\r\n";
  if (!head_only) out += response.body;
  return out;
}

RequestParser::State RequestParser::fail(int status, std::string message) {
  phase_ = Phase::failed;
  error_status_ = status;
  error_message_ = std::move(message);
  return State::failed;
}

void RequestParser::reset() {
  phase_ = Phase::before_head;
  started_ = false;
  wants_continue_ = false;
  remaining_ = trailer_bytes_ = 0;
  request_ = Request{};
  error_status_ = 0;
  error_message_.clear();
}

bool RequestParser::take_continue() {
  const bool wanted = wants_continue_;
  wants_continue_ = false;
  return wanted;
}

RequestParser::State RequestParser::parse_head(std::string_view head) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < head.size();) {
    const std::size_t end = head.find('\n', start);
    std::string_view line = head.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty()) lines.push_back(line);
    start = end + 1;
  }
  if (lines.empty()) return fail(400, "bad request: no request line");
  // METHOD SP TARGET SP HTTP/1.x
  const std::string_view line = lines.front();
  const std::size_t first = line.find(' '), last = line.rfind(' ');
  if (first == std::string_view::npos || first == last) return fail(400, "bad request: malformed request line");
  const std::string_view method = line.substr(0, first), target = line.substr(first + 1, last - first - 1),
                         version = line.substr(last + 1);
  if (!is_token(method)) return fail(400, "bad request: malformed method");
  if (version != "HTTP/1.1" && version != "HTTP/1.0") {
    if (version.substr(0, 5) == "HTTP/") return fail(505, "only HTTP/1.0 and HTTP/1.1 are spoken here");
    return fail(400, "bad request: malformed request line");
  }
  request_.method = std::string(method);
  request_.http10 = version == "HTTP/1.0";
  // Methods nonet serve answers (the API's routes say which each takes);
  // TRACE, CONNECT (whose target is no path) and the rest are not implemented.
  static constexpr std::array<std::string_view, 7> kMethods{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"};
  if (std::find(kMethods.begin(), kMethods.end(), method) == kMethods.end())
    return fail(501, "method " + request_.method + " is not supported");
  if (target.empty() || target.front() != '/') return fail(400, "bad request: the target must be a path");
  if (!decode_path(target, request_.path)) return fail(400, "bad request: malformed path");

  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string_view header = lines[i];
    if (header.front() == ' ' || header.front() == '\t') return fail(400, "bad request: folded header line");
    const std::size_t colon = header.find(':');
    if (colon == std::string_view::npos || !is_token(header.substr(0, colon)))
      return fail(400, "bad request: malformed header line");
    if (request_.headers.size() == kMaxHeaders) return fail(431, "too many header lines");
    request_.headers.emplace_back(lower(header.substr(0, colon)), std::string(trimmed(header.substr(colon + 1))));
  }

  // The body's framing.
  bool has_length = false;
  std::size_t length = 0;
  for (const auto& [name, value] : request_.headers) {
    if (name != "content-length") continue;
    std::size_t this_length = 0;
    if (!parse_size(value, 10, this_length)) {
      // Digits beyond size_t are a length over any limit; anything else is malformed.
      if (!value.empty() && std::all_of(value.begin(), value.end(), [](unsigned char c) { return std::isdigit(c); }))
        return fail(413, "request body over the limit");
      return fail(400, "bad request: malformed Content-Length");
    }
    if (has_length && this_length != length) return fail(400, "bad request: conflicting Content-Length headers");
    has_length = true;
    length = this_length;
  }
  const bool chunked = request_.has_header("transfer-encoding");
  if (chunked) {
    if (has_length) return fail(400, "bad request: both Content-Length and Transfer-Encoding");
    if (lower(request_.header("transfer-encoding")) != "chunked" || request_.http10)
      return fail(501, "transfer encoding '" + request_.header("transfer-encoding") + "' is not supported");
  }
  if (has_length && length > body_bytes_) return fail(413, "request body over the limit");
  const bool has_body = chunked || length > 0;
  wants_continue_ = has_body && !request_.http10 && lower(request_.header("expect")) == "100-continue";
  if (chunked) {
    phase_ = Phase::chunk_size;
  } else {
    remaining_ = length;
    phase_ = length > 0 ? Phase::body_length : Phase::done;
  }
  return phase_ == Phase::done ? State::complete : State::incomplete;
}

RequestParser::State RequestParser::feed_chunks(std::string& input, std::size_t& at) {
  while (at < input.size()) {
    switch (phase_) {
      case Phase::chunk_size: {
        const std::size_t end = input.find('\n', at);
        if (end == std::string::npos) {
          if (input.size() - at > kMaxChunkLine) return fail(400, "bad request: malformed chunk size");
          return State::incomplete;
        }
        std::string_view line(input.data() + at, end - at);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        line = trimmed(line.substr(0, line.find(';')));  // chunk extensions are ignored
        std::size_t size = 0;
        if (!parse_size(line, 16, size)) {
          if (!line.empty() && std::all_of(line.begin(), line.end(), [](unsigned char c) { return std::isxdigit(c); }))
            return fail(413, "request body over the limit");
          return fail(400, "bad request: malformed chunk size");
        }
        at = end + 1;
        if (size > body_bytes_ - request_.body.size()) return fail(413, "request body over the limit");
        remaining_ = size;
        phase_ = size == 0 ? Phase::trailers : Phase::chunk_data;
        break;
      }
      case Phase::chunk_data: {
        const std::size_t take = std::min(remaining_, input.size() - at);
        request_.body.append(input, at, take);
        at += take;
        remaining_ -= take;
        if (remaining_ == 0) phase_ = Phase::chunk_end;
        break;
      }
      case Phase::chunk_end: {
        // The CRLF (or LF) after a chunk's data.
        if (input[at] == '\r') {
          if (at + 1 == input.size()) return State::incomplete;
          ++at;
        }
        if (input[at] != '\n') return fail(400, "bad request: malformed chunk");
        ++at;
        phase_ = Phase::chunk_size;
        break;
      }
      case Phase::trailers: {
        // Trailer fields are read and dropped, up to the empty line.
        const std::size_t end = input.find('\n', at);
        if (end == std::string::npos) {
          if (trailer_bytes_ + input.size() - at > head_bytes_) return fail(431, "request trailers over the limit");
          return State::incomplete;
        }
        const std::size_t length = end - at;
        trailer_bytes_ += length + 1;
        if (trailer_bytes_ > head_bytes_) return fail(431, "request trailers over the limit");
        at = end + 1;
        if (length == 0 || (length == 1 && input[end - 1] == '\r')) {
          phase_ = Phase::done;
          return State::complete;
        }
        break;
      }
      default: return State::incomplete;
    }
  }
  return State::incomplete;
}

RequestParser::State RequestParser::feed(std::string& input) {
  if (phase_ == Phase::done) return State::complete;
  if (phase_ == Phase::failed) return State::failed;
  std::size_t at = 0;
  State state = State::incomplete;
  if (phase_ == Phase::before_head) {
    // Empty lines before a request line are tolerated (RFC 9112, 2.2).
    while (at < input.size() && (input[at] == '\r' || input[at] == '\n')) ++at;
    if (at < input.size()) started_ = true;
    const std::size_t end = head_end(std::string_view(input).substr(at));
    if (end == std::string_view::npos) {
      if (input.size() - at > head_bytes_) return fail(431, "request head over the limit");
      input.erase(0, at);
      return State::incomplete;
    }
    if (end > head_bytes_) return fail(431, "request head over the limit");
    state = parse_head(std::string_view(input).substr(at, end));
    at += end;
  }
  if (phase_ == Phase::body_length) {
    const std::size_t take = std::min(remaining_, input.size() - at);
    request_.body.append(input, at, take);
    at += take;
    remaining_ -= take;
    if (remaining_ == 0) {
      phase_ = Phase::done;
      state = State::complete;
    }
  } else if (phase_ == Phase::chunk_size || phase_ == Phase::chunk_data || phase_ == Phase::chunk_end ||
             phase_ == Phase::trailers) {
    state = feed_chunks(input, at);
  }
  if (state != State::failed) input.erase(0, at);
  return state;
}

}  // namespace nonet::web::http
