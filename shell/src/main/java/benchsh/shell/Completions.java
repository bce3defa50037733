package benchsh.shell;

import benchsh.shell.args.UsageException;
import benchsh.shell.report.ThroughputUnit;
import benchsh.shell.verb.Verbs;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code benchsh completion bash|zsh}: a completion script for benchsh's command line, written from the same
 * tables the parser reads ({@link Options#COMMANDS}, {@link CommandLineOption}), the verbs (after {@code help})
 * and the throughput units (after {@code --units}). Files are completed after {@code run} and after the options
 * that take a file. The script registers itself for the launcher's names ({@link #COMMANDS}: an installed
 * {@code benchsh} and a checkout's {@code scripts/benchsh}); a launcher under any other path is found by its last
 * component, as both shells look a command up. Stateless.
 */
final class Completions {
    /** The shells a script can be written for. */
    static final List<String> SHELLS = List.of("bash", "zsh");

    /** The names benchsh is started by: installed (the release's bin/, the .deb's /usr/bin) and in a checkout. */
    static final List<String> COMMANDS = List.of("benchsh", "scripts/benchsh");

    private static final String BASH = """
            # bash completion for benchsh (and scripts/benchsh in a checkout), written by `benchsh completion bash`.
            # Install: save it as ~/.local/share/bash-completion/completions/benchsh, or source that file in ~/.bashrc.
            _benchsh_reply() {
                mapfile -t COMPREPLY < <(compgen "$@" -- "$cur")
            }

            _benchsh() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=""
                (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
                COMPREPLY=()
                # bash splits a word at '=' (COMP_WORDBREAKS): --opt=value arrives as --opt, = and value
                local joined=""
                if [[ $cur == "=" ]]; then
                    cur="" joined=1
                elif [[ $prev == "=" ]] && (( COMP_CWORD > 1 )); then
                    prev=${COMP_WORDS[COMP_CWORD-2]} joined=1
                fi
                case $prev in
                    @FILE_OPTIONS@) compopt -o filenames 2>/dev/null; _benchsh_reply -f; return 0 ;;
                    @UNIT_OPTIONS@) _benchsh_reply -W "@UNITS@"; return 0 ;;
                    @TEXT_OPTIONS@) return 0 ;;
                esac
                [[ -n $joined ]] && return 0 # after the '=' of a word that is no option: nothing to offer
                local i word command="" argument="" ended=""
                for (( i = 1; i < COMP_CWORD; i++ )); do
                    word=${COMP_WORDS[i]}
                    if [[ $word == "=" ]]; then # the rest of the word before: skip '=' and what follows it
                        (( i++ ))
                        continue
                    fi
                    if [[ -z $ended ]]; then
                        case $word in
                            --) ended=1; continue ;;
                            -e) command=-e; argument=${COMP_WORDS[i+1]}; (( i++ )); continue ;;
                            @VALUE_OPTIONS@)
                                [[ ${COMP_WORDS[i+1]} == "=" ]] || (( i++ )) # its value, unless it came after '='
                                continue ;;
                            -?*) continue ;;
                        esac
                    fi
                    if [[ -z $command ]]; then command=$word; elif [[ -z $argument ]]; then argument=$word; fi
                done
                if [[ -z $ended && $cur == -* ]]; then
                    _benchsh_reply -W "@OPTIONS@"
                    return 0
                fi
                case $command in
                    "") _benchsh_reply -W "@COMMANDS@" ;;
                    run) [[ -z $argument ]] && { compopt -o filenames 2>/dev/null; _benchsh_reply -f; } ;;
                    help) [[ -z $argument ]] && _benchsh_reply -W "@VERBS@" ;;
                    completion) [[ -z $argument ]] && _benchsh_reply -W "@SHELLS@" ;;
                esac
                return 0
            }

            complete -F _benchsh @NAMES@
            """;

    private static final String ZSH = """
            #compdef @NAMES@
            # zsh completion for benchsh (and scripts/benchsh in a checkout), written by `benchsh completion zsh`.
            # Install: save it as _benchsh in a directory of $fpath (before compinit), or source that file after compinit.
            _benchsh() {
              local curcontext=$curcontext state state_descr line ret=1
              typeset -A opt_args
              _arguments -C -S \\
            @SPECS@
                '1: :->command' \\
                '2: :->argument' && ret=0
              case $state in
                command) compadd -- @COMMANDS@ && ret=0 ;;
                argument)
                  case $line[1] in
                    run) _files && ret=0 ;;
                    help) compadd -- @VERBS@ && ret=0 ;;
                    completion) compadd -- @SHELLS@ && ret=0 ;;
                  esac ;;
              esac
              return ret
            }

            if [[ $funcstack[1] == _benchsh ]]; then
              _benchsh "$@"
            else
              compdef _benchsh @NAMES@
            fi
            """;

    private Completions() {
    }

    /** The completion script for {@code shell}, one of {@link #SHELLS}. */
    static String script(String shell) {
        return switch (shell) {
            case "bash" -> bash();
            case "zsh" -> zsh();
            default -> throw new UsageException("completion needs a shell: " + String.join(" or ", SHELLS) + ", not '" + shell + "'");
        };
    }

    static String bash() {
        return fill(BASH)
                .replace("@FILE_OPTIONS@", names(CommandLineOption.Value.FILE, "|"))
                .replace("@UNIT_OPTIONS@", names(CommandLineOption.Value.UNIT, "|"))
                .replace("@TEXT_OPTIONS@", names(CommandLineOption.Value.TEXT, "|"))
                .replace("@VALUE_OPTIONS@", Stream.of(CommandLineOption.values()).filter(CommandLineOption::takesValue)
                        .flatMap(o -> o.names.stream()).filter(n -> !n.equals("-e")).collect(Collectors.joining("|")))
                .replace("@OPTIONS@", Stream.of(CommandLineOption.values()).flatMap(o -> o.names.stream()).collect(Collectors.joining(" ")))
                .replace("@UNITS@", String.join(" ", units()));
    }

    static String zsh() {
        String specs = Stream.of(CommandLineOption.values())
                .flatMap(o -> o.names.stream().map(name -> "    " + quote(zshSpec(o, name)) + " \\"))
                .collect(Collectors.joining("\n"));
        return fill(ZSH).replace("@SPECS@", specs);
    }

    /** An {@code _arguments} spec, e.g. {@code --json=[write...]:file:_files}. */
    private static String zshSpec(CommandLineOption o, String name) {
        String description = "[" + o.description.replace("[", "\\[").replace("]", "\\]") + "]";
        String repeat = o == CommandLineOption.SET ? "*" : "";
        String form = name.startsWith("--") && o.takesValue() ? name + "=" : name; // --opt=value as well as --opt value
        return repeat + form + description + switch (o.value) {
            case NONE -> "";
            case FILE -> ":file:_files";
            case UNIT -> ":unit:(" + String.join(" ", units()) + ")";
            case TEXT -> ":" + (o == CommandLineOption.EVALUATE ? "statements" : "name=value") + ": ";
        };
    }

    private static String fill(String template) {
        return template
                .replace("@COMMANDS@", Options.COMMANDS.stream().filter(c -> !c.startsWith("-")).collect(Collectors.joining(" ")))
                .replace("@VERBS@", String.join(" ", verbs()))
                .replace("@SHELLS@", String.join(" ", SHELLS))
                .replace("@NAMES@", String.join(" ", COMMANDS));
    }

    private static String names(CommandLineOption.Value value, String separator) {
        return Stream.of(CommandLineOption.values()).filter(o -> o.value == value).flatMap(o -> o.names.stream())
                .collect(Collectors.joining(separator));
    }

    private static List<String> units() {
        return ThroughputUnit.ALL.stream().map(ThroughputUnit::name).toList();
    }

    /** The verbs {@code help} explains, sorted. */
    private static List<String> verbs() {
        Verbs verbs = Verbs.standard(file -> {
            throw new UsageException("completion evaluates no files");
        });
        return verbs.names().stream().sorted().toList();
    }

    /** Single-quoted for zsh. */
    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
