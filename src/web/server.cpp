// The HTTP side of `nonet serve`: routes, limits, the Host/Origin check, the
// worker slots, static files and the request log. What each endpoint answers
// is api.cpp's.
#include "web/server.hpp"

#include "core/workers.hpp"

#include <httplib.h>

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

namespace nonet::web {

namespace {

using Clock = std::chrono::steady_clock;

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// Why a request body is no JSON, in the API's words: where and what, without
// the parser's "[json.exception.parse_error.101] parse error at " prefix.
std::string invalid_json_reason(const std::string& body) {
  const std::string reason = "request body is not valid JSON";
  try {
    const auto unused = nlohmann::json::parse(body);
  } catch (const nlohmann::json::exception& error) {
    const std::string what = error.what();
    const auto at = what.find("parse error at ");
    const auto prefix_end = what.find("] ");
    if (at != std::string::npos) return reason + ": " + what.substr(at + std::string("parse error at ").size());
    if (prefix_end != std::string::npos) return reason + ": " + what.substr(prefix_end + 2);
  }
  return reason;
}

// "name:port" split; a bracketed IPv6 literal keeps its brackets.
std::pair<std::string, std::string> split_host(const std::string& host) {
  const auto colon = host.rfind(':');
  if (colon == std::string::npos || (host.front() == '[' && host.back() == ']')) return {host, ""};
  return {host.substr(0, colon), host.substr(colon + 1)};
}

bool is_ip_literal(const std::string& name) {
  unsigned char buffer[16];
  if (name.size() > 2 && name.front() == '[' && name.back() == ']')
    return inet_pton(AF_INET6, name.substr(1, name.size() - 2).c_str(), buffer) == 1;
  return inet_pton(AF_INET, name.c_str(), buffer) == 1;
}

std::string content_type_of(const std::string& path) {
  static const std::vector<std::pair<std::string, std::string>> types{
      {".html", "text/html; charset=utf-8"},  {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},              {".png", "image/png"},
      {".ico", "image/x-icon"},               {".json", "application/json"},
      {".webmanifest", "application/manifest+json"}, {".txt", "text/plain; charset=utf-8"}};
  for (const auto& [extension, type] : types)
    if (path.size() >= extension.size() && path.compare(path.size() - extension.size(), extension.size(), extension) == 0)
      return type;
  return "application/octet-stream";
}

// The page may load only its own files and talk only to this server.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

void set_json(httplib::Response& response, int status, const std::string& body) {
  response.status = status;
  response.set_content(body, "application/json");
}

// Engine calls at once: a slot is taken for the length of one call. A
// request that finds none free waits in a short queue (a page sends a few
// requests together); one that finds the queue full too, or waits longer
// than `patience`, is turned away.
class WorkerSlots {
 public:
  WorkerSlots(unsigned count, unsigned queue) : free_(count), queue_(queue) {}
  bool take(std::chrono::milliseconds patience) {
    std::unique_lock lock(mutex_);
    if (free_ == 0) {
      if (waiting_ >= queue_) return false;
      ++waiting_;
      const bool got = freed_.wait_for(lock, patience, [&] { return free_ > 0; });
      --waiting_;
      if (!got) return false;
    }
    --free_;
    return true;
  }
  void give_back() {
    {
      const std::lock_guard lock(mutex_);
      ++free_;
    }
    freed_.notify_one();
  }

 private:
  std::mutex mutex_;
  std::condition_variable freed_;
  unsigned free_, waiting_ = 0, queue_;
};

}  // namespace

bool host_is_ours(const std::string& host, int port, const std::vector<std::string>& allowed) {
  if (host.empty()) return false;
  const auto [name, host_port] = split_host(lower(host));
  if (!host_port.empty() && host_port != std::to_string(port)) return false;
  if (host_port.empty() && port != 80) return false;
  if (name == "localhost" || is_ip_literal(name)) return true;
  return std::any_of(allowed.begin(), allowed.end(), [&](const std::string& a) { return lower(a) == name; });
}

bool origin_is_ours(const std::string& origin, int port, const std::vector<std::string>& allowed) {
  const std::string scheme = "http://";
  if (origin.compare(0, scheme.size(), scheme) != 0) return false;
  return host_is_ours(origin.substr(scheme.size()), port, allowed);
}

struct Server::Impl {
  ServerOptions options;
  httplib::Server http;
  WorkerSlots slots;
  int port = -1;

  explicit Impl(ServerOptions o)
      : options(std::move(o)),
        slots(worker_count(options), options.queue) {
    options.workers = worker_count(options);
    options.limits.workers = options.workers;
    // Threads beyond the workers and the queue answer the page's files and
    // the 503s while every slot is busy, and hold kept-alive connections.
    const std::size_t threads = std::max<std::size_t>(16, options.workers + options.queue + 8);
    http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    http.set_payload_max_length(options.limits.body_bytes);
    // Small JSON answers: without TCP_NODELAY each one waits out the peer's
    // delayed ACK (about 40 ms a request on Linux).
    http.set_tcp_nodelay(true);
    http.set_keep_alive_timeout(2);
    http.set_read_timeout(10);
    http.set_write_timeout(10);
    http.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                              {"Referrer-Policy", "no-referrer"},
                              {"Cache-Control", "no-store"}});
    http.set_pre_routing_handler([this](const httplib::Request& request, httplib::Response& response) {
      started() = Clock::now();
      return guard(request, response);
    });
    http.set_error_handler([](const httplib::Request&, httplib::Response& response) {
      if (!response.body.empty()) return;
      const std::string message = response.status == 413   ? "request body over the limit"
                                  : response.status == 404 ? "not found"
                                  : response.status == 400 ? "bad request"
                                                           : "error " + std::to_string(response.status);
      set_json(response, response.status, nlohmann::json{{"error", message}}.dump());
    });
    http.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr) {
      set_json(response, 500, R"({"error": "internal error"})");
    });
    http.set_logger([](const httplib::Request& request, const httplib::Response& response) { log(request, response); });
    route();
  }

  static unsigned worker_count(const ServerOptions& options) {
    return detail::worker_count(options.workers);
  }

  // When the request now being handled on this thread began (for the log).
  static Clock::time_point& started() {
    thread_local Clock::time_point at;
    return at;
  }

  static void log(const httplib::Request& request, const httplib::Response& response) {
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - started()).count();
    char line[96];
    std::snprintf(line, sizeof line, " %d %zu B %.1f ms", response.status, response.body.size(), ms);
    // One write per line, so lines from several threads never interleave.
    const std::string text = request.remote_addr + " " + request.method + " " + request.path + line + "\n";
    static std::mutex mutex;
    const std::lock_guard lock(mutex);
    std::cerr << text << std::flush;
  }

  httplib::Server::HandlerResponse guard(const httplib::Request& request, httplib::Response& response) {
    const auto refuse = [&](const std::string& why) {
      set_json(response, 403, nlohmann::json{{"error", why}}.dump());
      return httplib::Server::HandlerResponse::Handled;
    };
    if (!host_is_ours(request.get_header_value("Host"), port, options.allowed_hosts))
      return refuse("Host '" + request.get_header_value("Host") + "' is not this server's (see --allow-host)");
    if (request.has_header("Origin") && !origin_is_ours(request.get_header_value("Origin"), port, options.allowed_hosts))
      return refuse("requests from origin '" + request.get_header_value("Origin") + "' are not accepted");
    return httplib::Server::HandlerResponse::Unhandled;
  }

  void route() {
    const std::string api = R"(/api/v1/([A-Za-z0-9_-]*))";
    http.Get(api, [this](const httplib::Request& request, httplib::Response& response) {
      api_call(request, response, "GET");
    });
    http.Post(api, [this](const httplib::Request& request, httplib::Response& response) {
      api_call(request, response, "POST");
    });
    const httplib::Server::Handler other_method = [this](const httplib::Request& request, httplib::Response& response) {
      api_call(request, response, request.method);
    };
    http.Put(api, other_method);
    http.Patch(api, other_method);
    http.Delete(api, other_method);
    http.Options(api, other_method);
    http.Get(R"(/.*)", [this](const httplib::Request& request, httplib::Response& response) {
      serve_file(request, response);
    });
  }

  void api_call(const httplib::Request& request, httplib::Response& response, const std::string& method) {
    const std::string name = request.matches[1];
    const auto& names = api_endpoints();
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      set_json(response, 404, nlohmann::json{{"error", "no endpoint /api/v1/" + name}}.dump());
      return;
    }
    const std::string wanted = is_get_endpoint(name) ? "GET" : "POST";
    if (method != wanted) {
      response.set_header("Allow", wanted);
      set_json(response, 405, nlohmann::json{{"error", "/api/v1/" + name + " takes " + wanted}}.dump());
      return;
    }
    nlohmann::json body = nlohmann::json::object();
    if (method == "POST") {
      const std::string type = lower(request.get_header_value("Content-Type"));
      if (type.compare(0, 16, "application/json") != 0) {
        set_json(response, 415, R"({"error": "send the request body as application/json"})");
        return;
      }
      body = nlohmann::json::parse(request.body, nullptr, false);
      if (body.is_discarded()) {
        set_json(response, 400,
                 nlohmann::json{{"error", invalid_json_reason(request.body)}}.dump(
                     -1, ' ', false, nlohmann::json::error_handler_t::replace));
        return;
      }
    }
    if (!slots.take(std::chrono::milliseconds(500))) {
      response.set_header("Retry-After", "1");
      set_json(response, 503, R"({"error": "busy: every worker is taken; try again"})");
      return;
    }
    ApiAnswer answer;
    try {
      answer = call_api(name, body, options.limits);
    } catch (...) {
      slots.give_back();
      throw;
    }
    slots.give_back();
    response.status = answer.status;
    response.set_content(answer.body, answer.content_type.c_str());
  }

  // The page: the embedded files, or those of --web-dir.
  void serve_file(const httplib::Request& request, httplib::Response& response) {
    std::string path = request.path;
    if (path.empty() || path.back() == '/') path += "index.html";
    if (path.find("..") != std::string::npos || path.find('\\') != std::string::npos) {
      set_json(response, 404, R"({"error": "not found"})");
      return;
    }
    response.set_header("Content-Security-Policy", kContentSecurityPolicy);
    if (!options.web_dir.empty()) {
      std::ifstream file(options.web_dir + path, std::ios::binary);
      std::ostringstream content;
      if (file && (content << file.rdbuf())) {
        response.set_content(content.str(), content_type_of(path).c_str());
        return;
      }
    } else {
      for (const EmbeddedFile& file : embedded_web_files())
        if (path == file.path) {
          response.set_content(reinterpret_cast<const char*>(file.data), file.size, content_type_of(path).c_str());
          return;
        }
    }
    set_json(response, 404, nlohmann::json{{"error", "not found: " + path}}.dump());
  }
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Server::~Server() = default;

int Server::bind() {
  if (impl_->options.port == 0) impl_->port = impl_->http.bind_to_any_port(impl_->options.host);
  else if (impl_->http.bind_to_port(impl_->options.host, impl_->options.port)) impl_->port = impl_->options.port;
  else impl_->port = -1;
  return impl_->port;
}

bool Server::run() { return impl_->http.listen_after_bind(); }

void Server::stop() { impl_->http.stop(); }

}  // namespace nonet::web
