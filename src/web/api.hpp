// The JSON API of `nonet serve` (docs/api.md), apart from HTTP: each endpoint
// takes the request's JSON and returns the status code and body to send. The
// server adds what belongs to HTTP (methods, limits, Host checks, the worker
// slots); tests call this directly as well as over a socket.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace nonet::web {

struct ApiLimits {
  std::size_t body_bytes = 64 * 1024;  // larger bodies get 413
  double time_limit = 5;               // seconds an engine call may take, unless asked
  double max_time_limit = 60;          // the most a request may ask for
  int max_generate = 10;               // puzzles one generate request may ask for
  std::uint64_t max_count = 1'000'000; // the highest count limit
  unsigned workers = 1;                // engine calls at once (reported by info)
};

struct ApiAnswer {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
};

// The endpoints under /api/v1/, and the one of them that is read with GET.
const std::vector<std::string>& api_endpoints();
bool is_get_endpoint(std::string_view name);

// Runs endpoint `name` on a request body. Bad input is an answer (400 with
// the reason), never an exception.
ApiAnswer call_api(std::string_view name, const nlohmann::json& request, const ApiLimits& limits);

// A JSON error body: {"error": message}.
ApiAnswer api_error(int status, const std::string& message);

}  // namespace nonet::web
