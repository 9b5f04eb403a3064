# completions/freqsys.bash: bash completion for freqsys: its commands, each command's options, and files.
# The options come from `freqsys help --options COMMAND` (run's from its option table), so they never fall out of date.
_freqsys()
{
    local cur=${COMP_WORDS[COMP_CWORD]} cmd=${COMP_WORDS[1]:-}
    local commands="run check draw instrument report plan help"
    if [ "$COMP_CWORD" -eq 1 ]; then
        mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
        return
    fi
    if [ "$cmd" = help ]; then
        mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
        return
    fi
    case $cur in
    -*)
        local opts
        opts=$("${COMP_WORDS[0]}" help --options "$cmd" 2>/dev/null)
        mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
        ;;
    *)
        case $cmd in
        run | check | draw | instrument) mapfile -t COMPREPLY < <(compgen -f -X '!*.fspec' -- "$cur"; compgen -d -- "$cur") ;;
        report | plan) mapfile -t COMPREPLY < <(compgen -f -X '!*.json' -- "$cur"; compgen -d -- "$cur") ;;
        *) mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
        esac
        ;;
    esac
}
complete -o filenames -F _freqsys freqsys
