# bash completion for nonet(1): subcommands, their options and the options' values.
# Installed to share/bash-completion/completions/nonet.

_nonet() {
  local cur prev words cword
  _init_completion -s || return

  local commands="solve count check explain hint rate generate render convert serve"
  local input="--variant --regions --size -j --jobs --stats --digits --column --input-format --help"
  local variants="classic diagonal windoku jigsaw latin"
  local scales="se sukaku"
  local levels="simple easy intermediate expert master extreme"
  local symmetries="none rot180 rot90 mirror flip diagonal antidiagonal dihedral"

  # The subcommand: the first word that is not an option.
  local i command=""
  for ((i = 1; i < cword; i++)); do
    case ${words[i]} in
      -*) ;;
      *) command=${words[i]}; break ;;
    esac
  done

  if [[ -z $command ]]; then
    COMPREPLY=($(compgen -W "$commands --help -h --version -V" -- "$cur"))
    return
  fi

  # Values of the option before the cursor.
  case $prev in
    --variant) COMPREPLY=($(compgen -W "$variants" -- "$cur")); return ;;
    --scale) COMPREPLY=($(compgen -W "$scales" -- "$cur")); return ;;
    --difficulty) COMPREPLY=($(compgen -W "$levels" -- "$cur")); return ;;
    --symmetry) COMPREPLY=($(compgen -W "$symmetries" -- "$cur")); return ;;
    --level) COMPREPLY=($(compgen -W "1 2 3" -- "$cur")); return ;;
    --digits) COMPREPLY=($(compgen -W "auto 1 0" -- "$cur")); return ;;
    --input-format) COMPREPLY=($(compgen -W "auto text csv json fpuzzles sudokupad iss" -- "$cur")); return ;;
    --to) COMPREPLY=($(compgen -W "json fpuzzles fpuzzles-link sudokupad-link line" -- "$cur")); return ;;
    --paper) COMPREPLY=($(compgen -W "a4 letter" -- "$cur")); return ;;
    --size) COMPREPLY=($(compgen -W "4 6 8 9 10 12 16 25" -- "$cur")); return ;;
    --regions | -o | --output | --web-dir) _filedir; return ;;
    --format)
      local formats
      case $command in
        solve) formats="line grid json" ;;
        count | check | rate) formats="line json" ;;
        explain) formats="text json" ;;
        generate) formats="line grid json svg pdf" ;;
        render) formats="svg pdf" ;;
      esac
      COMPREPLY=($(compgen -W "$formats" -- "$cur"))
      return
      ;;
    -j | --jobs | --seed | --limit | --max-nodes | --time-limit | -n | --count | --rating | --givens | \
      --column | --shard | --per-page | --max-attempts | --cage-size | --max-technique | --host | --port | --workers | --queue | --allow-host | --title)
      return ;;
  esac

  if [[ $cur == -* ]]; then
    local options
    case $command in
      solve) options="$input --format --max-nodes --random --seed" ;;
      count) options="$input --format --max-nodes --limit" ;;
      check) options="$input --format --max-nodes" ;;
      explain) options="$input --format --max-technique --scale --extras --time-limit" ;;
      hint) options="$input --level --scale --time-limit" ;;
      rate) options="$input --format --scale --time-limit" ;;
      generate) options="-n --count --variant --regions --size --difficulty --rating --symmetry --givens --minimal
                         --seed --shard -j --jobs --format --full --solution --solutions --per-page --paper --title
                         -o --output --max-attempts --cage-size --cage-givens
                         --stats --help" ;;
      render) options="$input --format --solution --solutions --per-page --paper --title -o --output" ;;
      convert) options="$input --to --solution --max-nodes" ;;
      serve) options="--host --port --workers --queue --time-limit --allow-host --web-dir --open --help" ;;
    esac
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
    return
  fi

  # Puzzle files for every command but serve and generate.
  case $command in
    serve | generate) ;;
    *) _filedir ;;
  esac
}
complete -F _nonet nonet
