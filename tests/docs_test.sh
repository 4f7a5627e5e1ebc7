#!/bin/bash
# The man page and the shell completions against the binary itself: every
# subcommand and every option that `nonet CMD --help` lists is in docs/nonet.1
# and in both completions; the man page renders without warnings and names
# this version; bash completes each command's options and the options'
# values (through bash-completion), and zsh parses _nonet.
#   tests/docs_test.sh NONET_BINARY SOURCE_DIR VERSION
set -u
nonet=$1
source=$2
version=$3
man_page=$source/docs/nonet.1
bash_completion=$source/completions/nonet.bash
zsh_completion=$source/completions/_nonet
failures=0
fail() { echo "docs_test: $*" >&2; failures=$((failures + 1)); }

# The man page renders cleanly, and its header carries this version.
warnings=$(MANWIDTH=80 man --warnings -l "$man_page" 2>&1 >/dev/null)
[ -z "$warnings" ] || fail "man --warnings: $warnings"
warnings=$(groff -man -ww -z "$man_page" 2>&1)
[ -z "$warnings" ] || fail "groff -ww: $warnings"
grep -q "^\.TH NONET 1 .* \"nonet $version\"" "$man_page" || fail "docs/nonet.1: .TH does not name nonet $version"
man_text=$(sed 's/\\-/-/g' "$man_page")

commands=$("$nonet" --help | awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { on = 0 }')
[ -n "$commands" ] || fail "no subcommands in nonet --help"

# bash: run the completion function as bash would.
if [ -f /usr/share/bash-completion/bash_completion ]; then
  # shellcheck disable=SC1091
  source /usr/share/bash-completion/bash_completion
  # shellcheck disable=SC1090
  source "$bash_completion"
  complete_words() {  # complete_words WORD... : the candidates for the last word
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _nonet nonet "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}"
  }
  have_bash=1
else
  fail "bash-completion is not installed (/usr/share/bash-completion/bash_completion)"
  have_bash=0
fi
if command -v zsh >/dev/null; then
  zsh -n "$zsh_completion" || fail "zsh -n completions/_nonet"
else
  fail "zsh is not installed"
fi

for command in $commands; do
  grep -q "^\.B $command\$" "$man_page" || fail "man page: no entry for the command $command"
  grep -q "'$command:" "$zsh_completion" || fail "_nonet: no command $command"
  if [ $have_bash = 1 ]; then
    complete_words nonet "${command:0:3}" | grep -qx "$command" || fail "bash: 'nonet ${command:0:3}' does not complete to $command"
    bash_options=$(complete_words nonet "$command" -)
  fi
  options=$("$nonet" "$command" --help | grep -oE '^  (-[a-zA-Z],)?--[a-z-]+' | tr ',' '\n' | sed 's/^ *//')
  for option in $options; do
    case $option in -h | --help) continue ;; esac
    grep -qF -- "$option" <<<"$man_text" || fail "man page: no $option (nonet $command)"
    if [ $have_bash = 1 ]; then
      grep -qx -- "$option" <<<"$bash_options" || fail "bash: nonet $command - does not offer $option"
    fi
    # In the command's block of _nonet, or the shared input and search options.
    awk -v c="        $command)" '
      /^  input=\(/ { shared = 1 }
      shared { print }
      shared && /^  \)/ { shared = 0 }
      /^  search=/ { print }
      $0 == c { on = 1; next }
      on { print }
      on && /;;/ { exit }' "$zsh_completion" | grep -qE -- "[{,')*]$option[],}'[]" ||
      fail "_nonet: nonet $command has no $option"
  done
done

# Option values, from the CLI's own lists.
if [ $have_bash = 1 ]; then
  [ "$(complete_words nonet solve --variant "" | sort | tr '\n' ' ')" = "classic diagonal jigsaw latin windoku " ] ||
    fail "bash: --variant values"
  [ "$(complete_words nonet generate --difficulty "" | tr '\n' ' ')" = "simple easy intermediate expert master extreme " ] ||
    fail "bash: --difficulty values"
  [ "$(complete_words nonet generate --symmetry "" | tr '\n' ' ')" = \
    "none rot180 rot90 mirror flip diagonal antidiagonal dihedral " ] || fail "bash: --symmetry values"
  [ "$(complete_words nonet rate --scale "" | tr '\n' ' ')" = "se sukaku " ] || fail "bash: --scale values"
  [ "$(complete_words nonet hint --level "" | tr '\n' ' ')" = "1 2 3 " ] || fail "bash: --level values"
  [ "$(complete_words nonet solve --format "" | tr '\n' ' ')" = "line grid json " ] || fail "bash: solve --format values"
  [ "$(complete_words nonet explain --format "" | tr '\n' ' ')" = "text json " ] || fail "bash: explain --format values"
fi
# The values the CLI accepts are the ones completed.
for value in $("$nonet" generate --help | sed -n 's/.*--difficulty TEXT:{\([^}]*\)}.*/\1/p' | tr ',' ' ') \
  $("$nonet" generate --help | sed -n 's/.*--symmetry TEXT:{\([^}]*\)}.*/\1/p' | tr ',' ' '); do
  grep -q -- "$value" "$bash_completion" || fail "nonet.bash: no value $value"
  grep -q -- "$value" "$zsh_completion" || fail "_nonet: no value $value"
  grep -qF -- "$value" <<<"$man_text" || fail "man page: no value $value"
done

if [ $failures -gt 0 ]; then
  echo "docs_test: $failures failure(s)" >&2
  exit 1
fi
echo "docs_test: man page and completions cover every command and option"
