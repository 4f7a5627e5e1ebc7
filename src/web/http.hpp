// HTTP/1.1 messages for `nonet serve`: a request read from a connection's
// bytes as they arrive (its head, then a body framed by Content-Length or
// chunked), every limit checked as the bytes come in; and a response written
// out. No sockets here: server.cpp owns those.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace nonet::web::http {

struct Request {
  std::string method;  // as sent: "GET", "POST"…
  std::string path;    // percent-decoded, without the query
  bool http10 = false;
  std::vector<std::pair<std::string, std::string>> headers;  // names in lower case
  std::string body;    // decoded (chunks joined)

  // The first header of that (lower-case) name, or "".
  const std::string& header(std::string_view name) const;
  bool has_header(std::string_view name) const;
  // Whether the client keeps the connection open after the answer.
  bool keep_alive() const;
};

struct Response {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // beyond Content-Type and Content-Length

  void set_content(std::string content, std::string type);
  // A JSON body {"error": message}; any bytes in the message (a Host, a path
  // that is not UTF-8) are replaced, never a reason to fail.
  void set_error(int status, const std::string& message);
};

// The status line, the headers and (unless `head_only`) the body, with
// `Connection: close` where the connection ends after it.
std::string serialize(const Response& response, bool close, bool head_only);

// The interim answer to `Expect: 100-continue`.
inline constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

// Reads one request at a time from a connection's input. The head may take
// `head_bytes`, the body (declared, or counted as its chunks arrive)
// `body_bytes`: past either, the request fails at once with 431 or 413,
// without waiting for the rest.
class RequestParser {
 public:
  enum class State { incomplete, complete, failed };

  RequestParser(std::size_t head_bytes, std::size_t body_bytes) : head_bytes_(head_bytes), body_bytes_(body_bytes) {}

  // Consumes what it can of `input` (the bytes of a next, pipelined request
  // stay there) and says where the request stands.
  State feed(std::string& input);
  // Whether any byte of a request has arrived (an idle connection has none).
  bool started() const { return phase_ != Phase::before_head || started_; }
  // True once, when the head asked for `100 Continue` before its body.
  bool take_continue();

  Request& request() { return request_; }
  // Why it failed: the status and the message for the client.
  int error_status() const { return error_status_; }
  const std::string& error_message() const { return error_message_; }
  // Ready for the next request on the same connection.
  void reset();

 private:
  enum class Phase { before_head, body_length, chunk_size, chunk_data, chunk_end, trailers, done, failed };
  State fail(int status, std::string message);
  State parse_head(std::string_view head);
  State feed_chunks(std::string& input, std::size_t& at);

  std::size_t head_bytes_, body_bytes_;
  Phase phase_ = Phase::before_head;
  bool started_ = false;
  bool wants_continue_ = false;
  std::size_t remaining_ = 0;  // body bytes, or bytes of the current chunk, still to come
  std::size_t trailer_bytes_ = 0;
  Request request_;
  int error_status_ = 0;
  std::string error_message_;
};

}  // namespace nonet::web::http
