// The one check of every option given in seconds (--time-limit of the logic
// commands and of the server): a number, not NaN, at least `at_least` and at
// most `at_most`. CLI11's own range checks let NaN through (every comparison
// with it is false), and NaN seconds gave silent wrong answers.
#pragma once

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

namespace nonet::cli {

inline CLI::Validator seconds_option(double at_least = 0, double at_most = std::numeric_limits<double>::infinity()) {
  return CLI::Validator(
      [at_least, at_most](const std::string& text) {
        double value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        const bool number = error == std::errc{} && end == text.data() + text.size() && !std::isnan(value);
        if (number && value >= at_least && value <= at_most) return std::string();
        std::string range = "from " + CLI::detail::to_string(at_least);
        range += std::isinf(at_most) ? " up" : " to " + CLI::detail::to_string(at_most);
        return "expected seconds " + range + (at_least == 0 ? " (0: no limit)" : "") + ", got '" + text + "'";
      },
      "SECONDS");
}

}  // namespace nonet::cli
