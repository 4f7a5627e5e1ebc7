// nonet-serve, run as `nonet serve`: the web app and its JSON API on a local
// port (docs/api.md). A program of its own so that the server (its threads,
// its sockets, the embedded page) costs the batch commands nothing at start-up.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <thread>

#include <CLI/CLI.hpp>

#include "cli/seconds_option.hpp"
#include "web/server.hpp"

extern char** environ;

namespace nonet::web {

namespace {

// Exit codes as `nonet` documents them.
constexpr int kOk = 0, kUsage = 2, kIoError = 3;

struct ServeCommand {
  ServerOptions server;
  bool open = false;
};

// Opens the page in the desktop's browser, where there is one to ask.
void open_in_browser(const std::string& url) {
  pid_t pid = 0;
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char* const*>(argv), environ) != 0) {
    std::cerr << "nonet serve: cannot run xdg-open; open " << url << " yourself\n";
    return;
  }
  std::thread([pid] { waitpid(pid, nullptr, 0); }).detach();
}

// SIGINT and SIGTERM are taken by one thread (blocked everywhere else, so
// no worker is interrupted mid-answer), which stops the server cleanly.
int run_serve(const ServeCommand& command) {
  Server server(command.server);
  const int port = server.bind();
  if (port < 0) {
    std::cerr << "nonet serve: cannot listen on " << command.server.host << ":" << command.server.port << ": "
              << std::strerror(errno) << "\n";
    return kIoError;
  }
  const bool v6 = command.server.host.find(':') != std::string::npos;
  const std::string url = "http://" + (v6 ? "[" + command.server.host + "]" : command.server.host) + ":" +
                          std::to_string(port) + "/";
  std::cout << url << std::endl;
  if (!std::cout) {
    std::cerr << "nonet serve: cannot write the address to standard output\n";
    return kIoError;
  }
  if (command.open) open_in_browser(url);

  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  std::atomic<bool> done{false};
  std::thread watcher([&] {
    const timespec tick{0, 200'000'000};
    while (!done) {
      if (sigtimedwait(&stop_signals, nullptr, &tick) > 0) {
        std::cerr << "nonet serve: stopping\n";
        server.stop();
        return;
      }
    }
  });
  const bool served = server.run();
  done = true;
  watcher.join();
  return served ? kOk : kIoError;
}

void add_options(CLI::App& serve, ServeCommand* state) {
  serve.add_option("--host", state->server.host, "Address to listen on (loopback unless told otherwise)")
      ->capture_default_str();
  serve.add_option("--port", state->server.port, "Port (0: any free port; the address is printed on stdout)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  serve.add_option("--workers", state->server.workers, "Engine calls at once (0: one per core); more get 503")
      ->check(CLI::Range(0u, 1024u))
      ->capture_default_str();
  serve.add_option("--queue", state->server.queue, "Requests that may wait for a worker (half a second at most); more get 503")
      ->check(CLI::Range(0u, 1024u))
      ->capture_default_str();
  serve.add_option("--time-limit", state->server.limits.time_limit,
                    "Default seconds per engine call (a request may ask for up to 60)")
      ->check(cli::seconds_option(0.001, 60.0))
      ->capture_default_str();
  serve.add_option("--allow-host", state->server.allowed_hosts,
                    "A host name the page may be reached by, besides localhost and IP addresses");
  serve.add_option("--web-dir", state->server.web_dir, "Serve the page from this folder instead of the embedded copy")
      ->check(CLI::ExistingDirectory);
  serve.add_flag("--open", state->open, "Open the page in the desktop's browser");
  serve.footer(
      "The page and a JSON API (docs/api.md) under /api/v1/: info, parse, check, solve, count, hint,\n"
      "explain, rate, generate, render. Requests whose Host or Origin is not this server's are refused.\n"
      "Examples:\n  nonet serve --open\n  nonet serve --port 0\n"
      "  curl -s -H 'Content-Type: application/json' -d '{\"puzzle\": \"...\"}' http://127.0.0.1:8080/api/v1/solve");
}

}  // namespace
}  // namespace nonet::web

int main(int argc, char** argv) {
  CLI::App serve{"nonet serve: the web app (play, get hints, solve and generate in a browser) and its JSON API",
                 "nonet serve"};
  nonet::web::ServeCommand command;
  nonet::web::add_options(serve, &command);
  try {
    serve.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = serve.exit(error);
    return code == 0 ? 0 : nonet::web::kUsage;
  }
  return nonet::web::run_serve(command);
}
