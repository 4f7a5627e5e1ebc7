#!/bin/sh
# Installs the built tree into a scratch prefix, then builds and runs
# examples/consumer against it twice: through the CMake package
# (find_package(nonet 0.2)) and through pkg-config (nonet.pc).
#   tests/consumer_test.sh BUILD_DIR SOURCE_DIR VERSION [EXTRA_FLAGS]
# EXTRA_FLAGS go to every compile and link (the sanitizers, for a sanitized
# libnonet).
set -eu
build=$1
source=$(cd "$2" && pwd)
version=$3
flags=${4:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
expected="123456789456789123798132564215374896637598241849621375372965418564817932981243657 ER 3.2 X-Wing"
fail() { echo "consumer_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
for f in bin/nonet bin/nonet-serve include/nonet/model.hpp include/nonet/nonet.h include/nonet/version.hpp; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
pc=$(find "$prefix" -name nonet.pc)
[ -n "$pc" ] || fail "nonet.pc not installed"
config=$(find "$prefix" -name nonetConfig.cmake)
[ -n "$config" ] || fail "nonetConfig.cmake not installed"
[ -e "$(dirname "$config")/nonetConfigVersion.cmake" ] || fail "nonetConfigVersion.cmake not installed"

# The installed programs: nonet runs, and finds nonet-serve beside itself.
echo "1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7" |
  "$prefix/bin/nonet" solve | grep -qx "123456789456789123798132564215374896637598241849621375372965418564817932981243657" ||
  fail "installed nonet solve"
"$prefix/bin/nonet" serve --help | grep -q -- "--port" || fail "installed nonet serve does not reach nonet-serve"

# 1. The CMake package.
cmake -S "$source/examples/consumer" -B "$tmp/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" >/dev/null ||
  fail "configuring the consumer against the CMake package"
cmake --build "$tmp/cmake" >/dev/null || fail "building the consumer"
for program in consumer_cpp consumer_c; do
  out=$("$tmp/cmake/$program")
  [ "$out" = "$expected (nonet $version)" ] || fail "$program printed '$out'"
done
# A malformed puzzle: the message with its line and column, exit 1.
if err=$("$tmp/cmake/consumer_c" "123" 2>&1); then fail "consumer_c accepted '123'"; fi
case $err in *"1:1: not a puzzle: 3 cells"*) ;; *) fail "consumer_c said '$err'" ;; esac

# The version file: this version is found, the next minor one is refused.
newer=$(echo "$version" | awk -F. '{ print $1 "." $2 + 1 }')
mkdir -p "$tmp/newer"
cat > "$tmp/newer/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.25)
project(newer LANGUAGES NONE)
find_package(nonet $newer QUIET)
if(nonet_FOUND)
  message(FATAL_ERROR "nonet $newer found, but $version is installed")
endif()
CMAKE
cmake -S "$tmp/newer" -B "$tmp/newer/build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null || fail "find_package(nonet $newer) did not fail"

# nonet as a subproject (add_subdirectory, as FetchContent does): only the
# library, no programs, tests or their dependencies, nothing named like the
# parent's own targets, no data path. Configured only: the library's build
# is the one this tree already did.
mkdir -p "$tmp/parent"
cat > "$tmp/parent/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.25)
project(parent LANGUAGES C CXX)
add_subdirectory("$source" nonet)
# The parent's own targets, named as nonet's top-level build names its own.
add_executable(nonet_tests "$source/examples/consumer/main.cpp")
target_link_libraries(nonet_tests PRIVATE nonet::nonet)
add_executable(nonet_c_api_test "$source/examples/consumer/main.c")
target_link_libraries(nonet_c_api_test PRIVATE nonet::nonet)
foreach(target nonet nonet-serve nonet_web bench_solvers)
  if(TARGET \${target})
    message(FATAL_ERROR "nonet as a subproject defines the target \${target}")
  endif()
endforeach()
foreach(package GTest benchmark CLI11)
  if(DEFINED CACHE{\${package}_DIR})
    message(FATAL_ERROR "nonet as a subproject looked for \${package}")
  endif()
endforeach()
if(DEFINED CACHE{PKG_CONFIG_EXECUTABLE} OR DEFINED CACHE{NONET_DATA_DIR})
  message(FATAL_ERROR "nonet as a subproject looked for pkg-config (cpp-httplib) or the test data")
endif()
CMAKE
cmake -S "$tmp/parent" -B "$tmp/parent/build" >"$tmp/parent.log" 2>&1 || { cat "$tmp/parent.log" >&2; fail "nonet under add_subdirectory"; }
grep -q "nonet_c_api_test\|nonet_tests" "$tmp/parent/build/Makefile" || fail "the parent's targets are missing"

# 2. pkg-config.
export PKG_CONFIG_PATH="$(dirname "$pc")"
# A shared libnonet is found at run time from the prefix (no rpath here).
export LD_LIBRARY_PATH="$(dirname "$(dirname "$pc")")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ "$(pkg-config --modversion nonet)" = "$version" ] || fail "pkg-config --modversion nonet"
# shellcheck disable=SC2046,SC2086
${CXX:-c++} -std=c++20 $flags "$source/examples/consumer/main.cpp" -o "$tmp/pc_cpp" $(pkg-config --cflags --libs nonet) ||
  fail "compiling main.cpp with pkg-config --cflags --libs nonet"
# shellcheck disable=SC2046,SC2086
${CC:-cc} -std=c99 $flags "$source/examples/consumer/main.c" -o "$tmp/pc_c" $(pkg-config --cflags --libs nonet) ||
  fail "compiling main.c with pkg-config --cflags --libs nonet"
for program in pc_cpp pc_c; do
  out=$("$tmp/$program")
  [ "$out" = "$expected (nonet $version)" ] || fail "$program printed '$out'"
done
# The C API's generate makes the CLI's puzzles: same seed, index and options.
cat > "$tmp/generate.c" <<'C'
#include <nonet/nonet.h>
#include <stdio.h>
int main(void) {
  nonet_generate_options options;
  char out[128];
  nonet_generate_init(&options);
  options.seed = 7;
  options.index = 1;
  if (nonet_generate(&options, out, sizeof out, NULL) != NONET_OK) return 1;
  printf("%s\n", out);
  options.seed = 3;
  options.index = 0;
  options.level = "intermediate";
  options.symmetry = "rot180";
  if (nonet_generate(&options, out, sizeof out, NULL) != NONET_OK) return 1;
  printf("%s\n", out);
  return 0;
}
C
# shellcheck disable=SC2046,SC2086
${CC:-cc} $flags "$tmp/generate.c" -o "$tmp/generate" $(pkg-config --cflags --libs nonet) || fail "compiling generate.c"
cli=$("$prefix/bin/nonet" generate -n 2 --seed 7 | tail -n 1
  "$prefix/bin/nonet" generate --seed 3 --difficulty intermediate --symmetry rot180)
[ "$("$tmp/generate")" = "$cli" ] || fail "nonet_generate differs from nonet generate: $("$tmp/generate") / $cli"

# The README shows these very files.
for file in CMakeLists.txt main.cpp main.c; do
  WANT=$(cat "$source/examples/consumer/$file") awk '
    /^```/ { if (inside) { if (block == ENVIRON["WANT"]) found = 1; inside = 0 } else { inside = 1; block = ""; lines = 0 } next }
    inside { block = lines++ ? block "\n" $0 : $0 }
    END { exit !found }' "$source/README.md" || fail "README.md does not show examples/consumer/$file as it is"
done
echo "consumer_test: CMake package and pkg-config both work"
