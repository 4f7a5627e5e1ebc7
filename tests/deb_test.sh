#!/bin/sh
# Builds the Debian package from the built tree (cpack -G DEB, as `make deb`
# does), checks its fields and files, unpacks it into a scratch root with
# dpkg-deb -x and runs the unpacked binary on a puzzle.
#   tests/deb_test.sh BUILD_DIR VERSION
set -eu
build=$1
version=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "deb_test: $*" >&2; exit 1; }

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/out" >"$tmp/cpack.log" 2>&1 || { cat "$tmp/cpack.log" >&2; fail "cpack"; }
deb=$(ls "$tmp"/out/*.deb)
[ "$(dpkg-deb --field "$deb" Package)" = nonet ] || fail "Package field"
[ "$(dpkg-deb --field "$deb" Version)" = "$version" ] || fail "Version field: $(dpkg-deb --field "$deb" Version)"
depends=$(dpkg-deb --field "$deb" Depends)
case $depends in *libc6*) ;; *) fail "Depends without libc6: '$depends'" ;; esac
case $depends in *libcairo2*) ;; *) fail "Depends without libcairo2 (dlopened for sheets): '$depends'" ;; esac
echo "Depends: $depends"

dpkg-deb --contents "$deb" | awk '{ print $NF }' >"$tmp/contents"
for f in ./usr/bin/nonet ./usr/bin/nonet-serve ./usr/share/man/man1/nonet.1 \
  ./usr/share/bash-completion/completions/nonet ./usr/share/zsh/vendor-completions/_nonet \
  ./usr/include/nonet/nonet.h ./usr/include/nonet/model.hpp ./usr/include/nonet/version.hpp; do
  grep -qx "$f" "$tmp/contents" || fail "not in the package: $f"
done
for f in '/libnonet\.(a|so(\.[0-9]+)*)$' '/cmake/nonet/nonetConfig\.cmake$' '/cmake/nonet/nonetConfigVersion\.cmake$' \
  '/cmake/nonet/nonetTargets\.cmake$' '/pkgconfig/nonet\.pc$'; do
  grep -Eq "^\./usr/lib/.*$f|^\./usr/lib$f" "$tmp/contents" || fail "not in the package: $f"
done

dpkg-deb -x "$deb" "$tmp/root"
bin=$tmp/root/usr/bin
[ "$("$bin/nonet" --version)" = "nonet $version" ] || fail "nonet --version"
out=$(echo "1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7" | "$bin/nonet" solve)
[ "$out" = "123456789456789123798132564215374896637598241849621375372965418564817932981243657" ] ||
  fail "unpacked nonet solve printed '$out'"
"$bin/nonet" serve --help | grep -q -- "--port" || fail "unpacked nonet serve does not reach nonet-serve"
echo "deb_test: $(basename "$deb") installs and runs"
