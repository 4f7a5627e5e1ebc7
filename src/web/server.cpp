// The HTTP side of `nonet serve`: connections, routes, limits, the
// Host/Origin check, the worker slots, static files and the request log.
// What each endpoint answers is api.cpp's.
//
// One thread owns every socket (epoll): it accepts, reads requests as their
// bytes arrive and writes answers that do not fit the socket at once. Only a
// complete request reaches a handler thread, so idle, slow or stalled
// clients cost a connection's buffers, never a worker; each phase of a
// connection has a deadline for the whole of it, not per byte.
#include "web/server.hpp"

#include "core/workers.hpp"
#include "web/http.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fstream>
#include <functional>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_map>

namespace nonet::web {

namespace {

using Clock = std::chrono::steady_clock;

// How long each phase of a connection may take, as a whole.
constexpr auto kIdleTimeout = std::chrono::seconds(5);      // no request begun (new or kept alive)
constexpr auto kRequestTimeout = std::chrono::seconds(10);  // a request's head and body, from its first byte
constexpr auto kWriteTimeout = std::chrono::seconds(10);    // an answer, to a client that reads slowly
// After an error the server closes the connection, but first reads (and
// drops) a little of what the client still sends: closing with unread input
// would reset the connection and could destroy the answer before it is read.
constexpr auto kDrainTimeout = std::chrono::seconds(1);
constexpr std::size_t kDrainBytes = 1 << 20;
constexpr std::size_t kHeadBytes = 16 * 1024;  // request line and headers
constexpr std::size_t kMostConnections = 16384;

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

// The threads that answer complete requests, in the order they came.
class HandlerPool {
 public:
  void start(std::size_t threads) {
    for (std::size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { serve(); });
  }
  void submit(std::function<void()> job) {
    {
      const std::lock_guard lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    ready_.notify_one();
  }
  // Lets the running jobs finish and drops those not begun.
  void stop() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    ready_.notify_all();
    for (auto& thread : threads_) thread.join();
    threads_.clear();
  }

 private:
  void serve() {
    for (;;) {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      std::function<void()> job = std::move(jobs_.front());
      jobs_.pop_front();
      lock.unlock();
      job();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

// "127.0.0.1" or "::1": the client's address, for the log.
std::string address_text(const sockaddr_storage& address) {
  char text[INET6_ADDRSTRLEN] = "?";
  if (address.ss_family == AF_INET)
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in&>(address).sin_addr, text, sizeof text);
  else if (address.ss_family == AF_INET6)
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6&>(address).sin6_addr, text, sizeof text);
  return text;
}

// A path as the log shows it: bytes that could forge or garble a log line
// (controls, and any non-ASCII byte) escaped as \xNN.
std::string printable(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f && c != '\\') {
      out += c;
    } else {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
      out += escaped;
    }
  }
  return out;
}

// The descriptors a process may hold, raised to the most it is allowed: each
// connection holds one.
std::size_t connection_capacity() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 256;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    getrlimit(RLIMIT_NOFILE, &limit);
  }
  const rlim_t spare = 64;  // the listening socket, epoll, files of --web-dir, …
  if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > kMostConnections + spare) return kMostConnections;
  return limit.rlim_cur > 2 * spare ? static_cast<std::size_t>(limit.rlim_cur - spare) : 64;
}

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
  // One client's connection, owned by the event loop. While its request is
  // with a handler the loop leaves the socket alone: the handler writes the
  // answer itself, and what does not fit is left to the loop.
  struct Connection {
    enum class Phase { reading, handling, writing, draining };
    int fd = -1;
    std::uint64_t id = 0;  // a descriptor is reused; an answer names the connection it is for
    std::string peer;
    http::RequestParser parser;
    std::string input, output;
    std::size_t written = 0;
    std::size_t drained = 0;
    Phase phase = Phase::reading;
    bool request_begun = false;
    bool close_after = false;
    bool peer_gone = false;
    Clock::time_point deadline;
    explicit Connection(std::size_t body_bytes) : parser(kHeadBytes, body_bytes) {}
  };

  // A handler's answer, back to the loop: what it could not write yet.
  struct Answer {
    int fd;
    std::uint64_t id;
    std::string bytes;
    std::size_t written;
    bool close;
    bool failed;
  };

  ServerOptions options;
  WorkerSlots slots;
  HandlerPool handlers;
  std::size_t handler_threads;
  std::size_t capacity;
  int port = -1;
  int listener = -1;
  int poller = -1;
  int waker = -1;  // eventfd: answers are ready, or stop() was called
  bool accepting = false;
  std::atomic<bool> stopping{false};
  std::unordered_map<int, std::unique_ptr<Connection>> connections;
  std::uint64_t next_id = 1;
  std::mutex answers_mutex;
  std::vector<Answer> answers;

  explicit Impl(ServerOptions o)
      : options(std::move(o)),
        slots(worker_count(options), options.queue),
        capacity(connection_capacity()) {
    options.workers = worker_count(options);
    options.limits.workers = options.workers;
    // Threads beyond the workers and the queue answer the page's files and
    // the 503s while every slot is busy.
    handler_threads = std::max<std::size_t>(16, options.workers + options.queue + 8);
    poller = epoll_create1(EPOLL_CLOEXEC);
    waker = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  }

  ~Impl() {
    for (const int fd : {listener, poller, waker})
      if (fd >= 0) ::close(fd);
  }

  static unsigned worker_count(const ServerOptions& options) {
    return detail::worker_count(options.workers);
  }

  int bind() {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    addrinfo* found = nullptr;
    if (getaddrinfo(options.host.c_str(), std::to_string(options.port).c_str(), &hints, &found) != 0) {
      errno = EADDRNOTAVAIL;
      return -1;
    }
    int error = EADDRNOTAVAIL;
    for (const addrinfo* at = found; at != nullptr && listener < 0; at = at->ai_next) {
      const int fd = socket(at->ai_family, at->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, at->ai_protocol);
      if (fd < 0) {
        error = errno;
        continue;
      }
      const int on = 1;
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
      if (::bind(fd, at->ai_addr, at->ai_addrlen) == 0 && listen(fd, SOMAXCONN) == 0) {
        listener = fd;
      } else {
        error = errno;
        ::close(fd);
      }
    }
    freeaddrinfo(found);
    if (listener < 0) {
      errno = error;
      return -1;
    }
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length);
    port = ntohs(address.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6&>(address).sin6_port
                                               : reinterpret_cast<sockaddr_in&>(address).sin_port);
    return port;
  }

  // ---- The event loop ----------------------------------------------------

  bool run() {
    if (listener < 0 || poller < 0 || waker < 0) return false;
    watch(waker, EPOLLIN, EPOLL_CTL_ADD);
    watch(listener, EPOLLIN, EPOLL_CTL_ADD);
    accepting = true;
    handlers.start(handler_threads);
    epoll_event events[256];
    auto next_sweep = Clock::now();
    while (!stopping) {
      const int count = epoll_wait(poller, events, 256, 100);
      if (count < 0 && errno != EINTR) break;
      for (int i = 0; i < count; ++i) {
        const int fd = events[i].data.fd;
        if (fd == listener) accept_clients();
        else if (fd == waker) take_answers();
        else on_event(fd, events[i].events);
      }
      if (Clock::now() >= next_sweep) {
        sweep_deadlines();
        next_sweep = Clock::now() + std::chrono::milliseconds(100);
      }
    }
    // The handlers first: until they are done they may write to the sockets.
    handlers.stop();
    for (auto& [fd, connection] : connections) ::close(fd);
    connections.clear();
    return true;
  }

  void stop() {
    stopping = true;
    wake();
  }

  void wake() {
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto ignored = ::write(waker, &one, sizeof one);
  }

  void watch(int fd, std::uint32_t events, int operation = EPOLL_CTL_MOD) {
    epoll_event event{};
    event.events = events;
    event.data.fd = fd;
    epoll_ctl(poller, operation, fd, &event);
  }

  void accept_clients() {
    while (connections.size() < capacity) {
      sockaddr_storage address{};
      socklen_t length = sizeof address;
      const int fd = accept4(listener, reinterpret_cast<sockaddr*>(&address), &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) {
        if (errno == EINTR || errno == ECONNABORTED) continue;
        // Out of descriptors: wait for a connection to close (the listening
        // socket would otherwise wake the loop for ever).
        if (errno == EMFILE || errno == ENFILE) pause_accepting();
        return;
      }
      // Small JSON answers: without TCP_NODELAY each one waits out the peer's
      // delayed ACK (about 40 ms a request on Linux).
      const int on = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
      auto connection = std::make_unique<Connection>(options.limits.body_bytes);
      connection->fd = fd;
      connection->id = next_id++;
      connection->peer = address_text(address);
      connection->deadline = Clock::now() + kIdleTimeout;
      watch(fd, EPOLLIN, EPOLL_CTL_ADD);
      connections.emplace(fd, std::move(connection));
    }
    // Full: new clients wait in the kernel's backlog until one leaves.
    pause_accepting();
  }

  void pause_accepting() {
    if (!accepting) return;
    accepting = false;
    watch(listener, 0);
  }

  void close_connection(Connection& connection) {
    const int fd = connection.fd;
    epoll_ctl(poller, EPOLL_CTL_DEL, fd, nullptr);
    ::close(fd);
    connections.erase(fd);
    if (!accepting && !stopping) {
      accepting = true;
      watch(listener, EPOLLIN);
    }
  }

  void on_event(int fd, std::uint32_t events) {
    const auto found = connections.find(fd);
    if (found == connections.end()) return;
    Connection& connection = *found->second;
    switch (connection.phase) {
      case Connection::Phase::reading:
      case Connection::Phase::draining: read_from(connection); break;
      case Connection::Phase::writing: write_to(connection); break;
      case Connection::Phase::handling:
        // Reset or hung up while its request is answered: forget the socket
        // until the answer comes (a hang-up is reported until then).
        if (events & (EPOLLHUP | EPOLLERR)) {
          connection.peer_gone = true;
          epoll_ctl(poller, EPOLL_CTL_DEL, fd, nullptr);
        }
        break;
    }
  }

  void read_from(Connection& connection) {
    char buffer[16384];
    // A few reads at a time, so that one fast sender cannot hold the loop.
    for (int reads = 0; reads < 4; ++reads) {
      const ssize_t got = recv(connection.fd, buffer, sizeof buffer, 0);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      if (got <= 0) return close_connection(connection);  // closed, or reset
      if (connection.phase == Connection::Phase::draining) {
        connection.drained += static_cast<std::size_t>(got);
        if (connection.drained > kDrainBytes) return close_connection(connection);
        continue;
      }
      connection.input.append(buffer, static_cast<std::size_t>(got));
      if (!parse(connection)) return;  // handed over, answered or closed
    }
  }

  // Reads what has arrived of the request; true while more is awaited.
  bool parse(Connection& connection) {
    switch (connection.parser.feed(connection.input)) {
      case http::RequestParser::State::incomplete:
        if (connection.parser.started() && !connection.request_begun) {
          connection.request_begun = true;
          connection.deadline = Clock::now() + kRequestTimeout;
        }
        if (connection.parser.take_continue()) {
          // 25 bytes to an idle socket: they fit; if not, the client sends its body anyway after a while.
          [[maybe_unused]] const auto ignored =
              send(connection.fd, http::kContinue.data(), http::kContinue.size(), MSG_NOSIGNAL);
        }
        return true;
      case http::RequestParser::State::failed:
        answer_error(connection, connection.parser.error_status(), connection.parser.error_message());
        return false;
      case http::RequestParser::State::complete: hand_over(connection); return false;
    }
    return false;
  }

  // The complete request goes to a handler thread; the socket is left alone
  // (bytes of a next request wait in the kernel) until its answer is back.
  void hand_over(Connection& connection) {
    connection.phase = Connection::Phase::handling;
    watch(connection.fd, 0);
    handlers.submit([this, fd = connection.fd, id = connection.id, peer = connection.peer,
                     request = std::move(connection.parser.request())]() mutable {
      answer_request(fd, id, peer, request);
    });
  }

  // An error found while reading (malformed, over a limit, too slow): the
  // answer, and the connection closed after it.
  void answer_error(Connection& connection, int status, const std::string& message) {
    const Clock::time_point start = Clock::now();
    http::Response response;
    response.set_error(status, message);
    add_default_headers(response);
    const http::Request& request = connection.parser.request();
    log(connection.peer, request.method.empty() ? "-" : request.method, request.path.empty() ? "-" : request.path,
        response, start);
    connection.output = http::serialize(response, true, false);
    connection.written = 0;
    connection.close_after = true;
    start_writing(connection);
  }

  void start_writing(Connection& connection) {
    connection.phase = Connection::Phase::writing;
    connection.deadline = Clock::now() + kWriteTimeout;
    write_to(connection);
  }

  void write_to(Connection& connection) {
    while (connection.written < connection.output.size()) {
      const ssize_t wrote = send(connection.fd, connection.output.data() + connection.written,
                                 connection.output.size() - connection.written, MSG_NOSIGNAL);
      if (wrote > 0) {
        connection.written += static_cast<std::size_t>(wrote);
      } else if (wrote < 0 && errno == EINTR) {
        continue;
      } else if (wrote < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        watch(connection.fd, EPOLLOUT);
        return;
      } else {
        return close_connection(connection);
      }
    }
    finish_answer(connection);
  }

  // The answer is out: close (after draining), or wait for the next request.
  void finish_answer(Connection& connection) {
    std::string().swap(connection.output);  // an idle connection keeps no large buffer
    connection.written = 0;
    if (connection.close_after) {
      shutdown(connection.fd, SHUT_WR);
      connection.phase = Connection::Phase::draining;
      connection.deadline = Clock::now() + kDrainTimeout;
      watch(connection.fd, EPOLLIN);
      return;
    }
    connection.parser.reset();
    connection.phase = Connection::Phase::reading;
    connection.request_begun = false;
    connection.deadline = Clock::now() + kIdleTimeout;
    watch(connection.fd, EPOLLIN);
    if (!connection.input.empty()) parse(connection);  // a pipelined request, read already
  }

  void take_answers() {
    std::uint64_t count = 0;
    [[maybe_unused]] const auto ignored = ::read(waker, &count, sizeof count);
    std::vector<Answer> ready;
    {
      const std::lock_guard lock(answers_mutex);
      ready.swap(answers);
    }
    for (Answer& answer : ready) {
      const auto found = connections.find(answer.fd);
      if (found == connections.end() || found->second->id != answer.id) continue;
      Connection& connection = *found->second;
      if (answer.failed || connection.peer_gone) {
        close_connection(connection);
        continue;
      }
      connection.output = std::move(answer.bytes);
      connection.written = answer.written;
      connection.close_after = answer.close;
      start_writing(connection);
    }
  }

  void sweep_deadlines() {
    const Clock::time_point now = Clock::now();
    for (auto at = connections.begin(); at != connections.end();) {
      Connection& connection = *at->second;
      ++at;  // closing erases this connection only
      if (connection.phase == Connection::Phase::handling || now < connection.deadline) continue;
      if (connection.phase == Connection::Phase::reading && connection.request_begun)
        answer_error(connection, 408, "the request did not arrive within " +
                                          std::to_string(std::chrono::seconds(kRequestTimeout).count()) + " s");
      else
        close_connection(connection);
    }
  }

  // ---- On a handler thread -------------------------------------------------

  // Answers a complete request and writes what the socket takes at once; the
  // rest, and what comes next on the connection, is the loop's.
  void answer_request(int fd, std::uint64_t id, const std::string& peer, const http::Request& request) {
    const Clock::time_point start = Clock::now();
    http::Response response;
    try {
      respond(request, response);
    } catch (...) {
      response = http::Response{};
      response.set_error(500, "internal error");
    }
    add_default_headers(response);
    log(peer, request.method, request.path, response, start);
    const bool close = !request.keep_alive();
    Answer answer{fd, id, http::serialize(response, close, request.method == "HEAD"), 0, close, false};
    while (answer.written < answer.bytes.size()) {
      const ssize_t wrote = send(fd, answer.bytes.data() + answer.written, answer.bytes.size() - answer.written,
                                 MSG_NOSIGNAL | MSG_DONTWAIT);
      if (wrote > 0) answer.written += static_cast<std::size_t>(wrote);
      else if (wrote < 0 && errno == EINTR) continue;
      else {
        answer.failed = !(wrote < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
        break;
      }
    }
    {
      const std::lock_guard lock(answers_mutex);
      answers.push_back(std::move(answer));
    }
    wake();
  }

  static void add_default_headers(http::Response& response) {
    response.headers.insert(response.headers.begin(), {{"X-Content-Type-Options", "nosniff"},
                                                       {"Referrer-Policy", "no-referrer"},
                                                       {"Cache-Control", "no-store"}});
  }

  static void log(const std::string& peer, const std::string& method, const std::string& path,
                  const http::Response& response, Clock::time_point start) {
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    char line[96];
    std::snprintf(line, sizeof line, " %d %zu B %.1f ms", response.status, response.body.size(), ms);
    // One write per line, so lines from several threads never interleave.
    const std::string text = peer + " " + printable(method) + " " + printable(path) + line + "\n";
    static std::mutex mutex;
    const std::lock_guard lock(mutex);
    std::cerr << text << std::flush;
  }

  // ---- Routes ----------------------------------------------------------------

  void respond(const http::Request& request, http::Response& response) {
    if (!guard(request, response)) return;
    const std::string api = "/api/v1/";
    const bool get = request.method == "GET" || request.method == "HEAD";
    if (request.path.compare(0, api.size(), api) == 0) {
      const std::string name = request.path.substr(api.size());
      const bool endpoint_like = std::all_of(name.begin(), name.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '_' || c == '-';
      });
      if (endpoint_like) return api_call(request, response, name, get ? "GET" : request.method);
    }
    if (get) return serve_file(request, response);
    response.set_error(404, "not found");
  }

  bool guard(const http::Request& request, http::Response& response) {
    const std::string& host = request.header("host");
    if (!host_is_ours(host, port, options.allowed_hosts)) {
      response.set_error(403, "Host '" + host + "' is not this server's (see --allow-host)");
      return false;
    }
    const std::string& origin = request.header("origin");
    if (request.has_header("origin") && !origin_is_ours(origin, port, options.allowed_hosts)) {
      response.set_error(403, "requests from origin '" + origin + "' are not accepted");
      return false;
    }
    return true;
  }

  void api_call(const http::Request& request, http::Response& response, const std::string& name,
                const std::string& method) {
    const auto& names = api_endpoints();
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      response.set_error(404, "no endpoint /api/v1/" + name);
      return;
    }
    const std::string wanted = is_get_endpoint(name) ? "GET" : "POST";
    if (method != wanted) {
      response.headers.emplace_back("Allow", wanted);
      response.set_error(405, "/api/v1/" + name + " takes " + wanted);
      return;
    }
    nlohmann::json body = nlohmann::json::object();
    if (method == "POST") {
      const std::string type = lower(request.header("content-type"));
      if (type.compare(0, 16, "application/json") != 0) {
        response.set_error(415, "send the request body as application/json");
        return;
      }
      body = nlohmann::json::parse(request.body, nullptr, false);
      if (body.is_discarded()) {
        response.set_error(400, invalid_json_reason(request.body));
        return;
      }
    }
    if (!slots.take(std::chrono::milliseconds(500))) {
      response.headers.emplace_back("Retry-After", "1");
      response.set_error(503, "busy: every worker is taken; try again");
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
    response.set_content(std::move(answer.body), answer.content_type);
  }

  // The page: the embedded files, or those of --web-dir.
  void serve_file(const http::Request& request, http::Response& response) {
    std::string path = request.path;
    if (path.empty() || path.back() == '/') path += "index.html";
    if (path.find("..") != std::string::npos || path.find('\\') != std::string::npos) {
      response.set_error(404, "not found");
      return;
    }
    response.headers.emplace_back("Content-Security-Policy", kContentSecurityPolicy);
    if (!options.web_dir.empty()) {
      std::ifstream file(options.web_dir + path, std::ios::binary);
      std::ostringstream content;
      if (file && (content << file.rdbuf())) {
        response.set_content(content.str(), content_type_of(path));
        return;
      }
    } else {
      for (const EmbeddedFile& file : embedded_web_files())
        if (path == file.path) {
          response.set_content(std::string(reinterpret_cast<const char*>(file.data), file.size), content_type_of(path));
          return;
        }
    }
    response.set_error(404, "not found: " + path);
  }
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Server::~Server() = default;

int Server::bind() { return impl_->bind(); }

bool Server::run() { return impl_->run(); }

void Server::stop() { impl_->stop(); }

}  // namespace nonet::web
