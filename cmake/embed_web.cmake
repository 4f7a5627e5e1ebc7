# Writes OUTPUT, a C++ source holding every file under ROOT as a byte array,
# so that `nonet serve` carries the page inside the binary.
#   cmake -DROOT=web -DOUTPUT=web_assets.cpp -P embed_web.cmake
file(GLOB_RECURSE files RELATIVE "${ROOT}" "${ROOT}/*")
list(SORT files)
set(arrays "")
set(table "")
set(index 0)
foreach(name IN LISTS files)
  file(READ "${ROOT}/${name}" hex HEX)
  string(LENGTH "${hex}" digits)
  math(EXPR bytes "${digits} / 2")
  # Two hex digits a byte, 0x.. each, a line every 32 bytes.
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
  string(REGEX REPLACE "((0x..,){32})" "\\1\n    " body "${body}")
  string(APPEND arrays "const unsigned char file_${index}[] = {\n    ${body}0x00};\n")
  string(APPEND table "      {\"/${name}\", file_${index}, ${bytes}},\n")
  math(EXPR index "${index} + 1")
endforeach()
set(content "// Made by cmake/embed_web.cmake from web/; do not edit.
#include \"web/server.hpp\"

namespace nonet::web {
namespace {
${arrays}}  // namespace

const std::vector<EmbeddedFile>& embedded_web_files() {
  static const std::vector<EmbeddedFile> files{
${table}  };
  return files;
}

}  // namespace nonet::web
")
# Rewritten only when it changes, so an unchanged page rebuilds nothing.
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
  if(old STREQUAL content)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${content}")
