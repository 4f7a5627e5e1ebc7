// nonet serve: hands the command line to nonet-serve, the web server built
// beside this binary (src/web/serve_main.cpp). The server is a program of its
// own so that it costs the batch commands nothing at start-up.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "cli_common.hpp"

namespace nonet::cli {

namespace {

int exec_server(const std::vector<std::string>& args) {
  std::error_code error;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::string server = (error ? std::filesystem::path(".") : self.parent_path()) / "nonet-serve";
  std::vector<std::string> argv{server};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> pointers;
  for (auto& arg : argv) pointers.push_back(arg.data());
  pointers.push_back(nullptr);
  std::cout.flush();
  execv(server.c_str(), pointers.data());
  std::cerr << "nonet serve: cannot run " << server << ": " << std::strerror(errno) << "\n";
  return kIoError;
}

}  // namespace

void register_serve_command(CLI::App& app) {
  CLI::App* serve = app.add_subcommand("serve", "The web app: play, get hints, solve and generate in a browser");
  // Every argument, --help included, is nonet-serve's.
  serve->prefix_command();
  serve->set_help_flag();
  serve->footer("Options: nonet serve --help");
  serve->callback([serve] { throw ExitRequest{exec_server(serve->remaining())}; });
}

}  // namespace nonet::cli
