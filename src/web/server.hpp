// `nonet serve`: the page (embedded at build time, or read from a folder) and
// the JSON API of docs/api.md, over HTTP/1.1 (web/http.hpp).
//
// Every engine call takes one of `workers` slots; a request that finds none
// free waits in a short queue (at most half a second), and past the queue it
// gets 503 at once instead of piling up behind slow ones. Each call carries a
// time limit (the engines' own), so no connection hangs.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "web/api.hpp"

namespace nonet::web {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;          // 0: any free port
  unsigned workers = 0;     // engine calls at once; 0: one per core
  unsigned queue = 4;       // requests that may wait for a worker; more get 503
  std::string web_dir;      // serve the page from here instead of the embedded copy
  std::vector<std::string> allowed_hosts;  // Host names accepted besides loopback and IP literals
  ApiLimits limits;
};

// One file of the page, as embedded into the binary (web_assets.cpp, made by
// cmake/embed_web.cmake from the web/ folder).
struct EmbeddedFile {
  const char* path;  // "/index.html"
  const unsigned char* data;
  unsigned long size;
};
const std::vector<EmbeddedFile>& embedded_web_files();

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds the socket; returns the port (the chosen one for port 0), or -1.
  int bind();
  // Serves until stop(); false when it could not.
  bool run();
  // Safe from any thread.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The Host and Origin check against DNS rebinding: a Host is ours when it
// names this port on loopback, on an IP literal (a rebinding attack needs a
// DNS name) or on a name the user allowed. An Origin, where sent, must be
// http:// and such a Host.
bool host_is_ours(const std::string& host, int port, const std::vector<std::string>& allowed);
bool origin_is_ours(const std::string& origin, int port, const std::vector<std::string>& allowed);

}  // namespace nonet::web
