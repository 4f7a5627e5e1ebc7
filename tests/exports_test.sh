#!/bin/sh
# A shared libnonet exports its public API only: the C API, nonet:: names
# from include/nonet/, nothing of nonet::detail, nonet::logic or the standard
# library's template instances.
#   tests/exports_test.sh LIBNONET_SO
set -eu
lib=$1
fail() { echo "exports_test: $*" >&2; exit 1; }
readelf -d "$lib" | grep -q 'SONAME.*libnonet\.so\.' || fail "no SONAME libnonet.so.*"
symbols=$(nm -DC --defined-only "$lib" | cut -d' ' -f3-)
for wanted in nonet_solve nonet_count nonet_check nonet_rate nonet_hint nonet_generate nonet_last_error nonet_version \
  'nonet::version()' 'nonet::solve(nonet::Puzzle const&, nonet::SolveOptions const&)' 'typeinfo for nonet::GeometryError'; do
  printf '%s\n' "$symbols" | grep -qxF -- "$wanted" || fail "not exported: $wanted"
done
printf '%s\n' "$symbols" | grep -q '^nonet::read_all(' || fail "not exported: nonet::read_all"
printf '%s\n' "$symbols" | grep -q '^nonet::svg_page' || fail "not exported: nonet::svg_page"
leaked=$(printf '%s\n' "$symbols" | grep -v -e '^nonet_' -e '^nonet::' -e ' for nonet::' || true)
[ -z "$leaked" ] || fail "exported beyond the API: $(printf '%s\n' "$leaked" | head -5)"
internal=$(printf '%s\n' "$symbols" | grep -e 'nonet::detail::' -e 'nonet::logic::' || true)
[ -z "$internal" ] || fail "internals exported: $(printf '%s\n' "$internal" | head -5)"
echo "exports_test: $(printf '%s\n' "$symbols" | wc -l) symbols, the public API only"
