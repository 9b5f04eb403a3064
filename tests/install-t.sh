#!/bin/sh
# tests/install-t.sh: installs the build into a fresh prefix and runs the installed freqsys on an installed example.
set -eu
build=$1
base=$(mktemp -d "${TMPDIR:-/tmp}/freqsys-install.XXXXXX")
trap 'rm -rf "$base"' EXIT
prefix=$base/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
check() {   # check N DESCRIPTION COMMAND...: one TAP line for COMMAND's success
    n=$1 what=$2; shift 2
    if "$@" >/dev/null 2>&1; then echo "ok $n - $what"; else echo "not ok $n - $what"; fi
}
echo "1..16"
check 1 "bin/freqsys is installed" test -x "$prefix/bin/freqsys"
check 2 "include/freqsys/abi.h is installed" test -f "$prefix/include/freqsys/abi.h"
doc=$(find "$prefix" -path '*/doc/freqsys/examples/branches/branches.fspec' | head -n 1)
check 3 "the installed freqsys checks the installed example" "$prefix/bin/freqsys" check "$doc"
lib=$(find "$prefix" -name libfreqsys_rt.a | head -n 1)
check 4 "the runtime library is installed in lib/.../freqsys" test -n "$lib" -a "$(basename "$(dirname "$lib")")" = freqsys
# The manual pages render without a warning.
man1=$prefix/share/man/man1/freqsys.1 man5=$prefix/share/man/man5/freqsys-spec.5
if [ -f "$man1" ] && [ -f "$man5" ] && groff -man -Tutf8 -ww "$man1" "$man5" >"$base/man.txt" 2>"$base/man.err" &&
   [ -s "$base/man.txt" ] && [ ! -s "$base/man.err" ]; then
    echo "ok 5 - the manual pages freqsys(1) and freqsys-spec(5) are installed and render cleanly"
else
    echo "not ok 5 - the manual pages freqsys(1) and freqsys-spec(5) are installed and render cleanly"
fi
# Completion: commands, and a command's options from its own help.
completion=$prefix/share/bash-completion/completions/freqsys
complete_words() {   # complete_words WORD...: what the completion offers for the last word
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _freqsys; printf "%s\n" "${COMPREPLY[@]}"' \
        _ "$completion" "$@"
}
words=$(PATH="$prefix/bin:$PATH" complete_words freqsys r | sort | tr '\n' ' ')
if [ "$words" = "report run " ]; then echo "ok 6 - bash completion: 'freqsys r' offers report and run"; else echo "not ok 6 - bash completion: 'freqsys r' offers report and run ($words)"; fi
words=$(PATH="$prefix/bin:$PATH" complete_words "$prefix/bin/freqsys" run --eps | tr '\n' ' ')
if [ "$words" = "--epsilon " ]; then echo "ok 7 - 'freqsys run --eps' completes to --epsilon"; else echo "not ok 7 - 'freqsys run --eps' completes to --epsilon ($words)"; fi
# The headers, found through pkg-config and through find_package(FreqSys).
printf '#include <freqsys/abi.h>\nint main(void) { return FSABI_VERSION > 0 ? 0 : 1; }\n' > "$base/use.c"
check 8 "pkg-config --cflags freqsys finds the installed headers" \
    sh -c "cc \$(PKG_CONFIG_PATH='$prefix/lib/pkgconfig' pkg-config --cflags freqsys) '$base/use.c' -o '$base/use' && '$base/use'"
mkdir -p "$base/user"
printf 'cmake_minimum_required(VERSION 3.16)\nproject(user C)\nfind_package(FreqSys REQUIRED)\nadd_executable(use %s/use.c)\ntarget_link_libraries(use FreqSys::headers)\n' "$base" > "$base/user/CMakeLists.txt"
check 9 "find_package(FreqSys) gives FreqSys::headers" \
    sh -c "cmake -S '$base/user' -B '$base/user/build' -DCMAKE_PREFIX_PATH='$prefix' && cmake --build '$base/user/build'"
check 10 "...and the program built with it runs" "$base/user/build/use"
# The executable carries no runtime: the modules it builds do.
if nm -D --defined-only "$prefix/bin/freqsys" | grep -q freqsys_rt_; then
    echo "not ok 11 - the installed freqsys exports no runtime entry points"
else
    echo "ok 11 - the installed freqsys exports no runtime entry points"
fi
# A moved tree still works: the library is found relative to the executable.
mv "$prefix" "$base/moved"
doc=$(find "$base/moved" -path '*/doc/freqsys/examples/branches/branches.fspec' | head -n 1)
out=$base/branches.json
check 12 "the moved installed freqsys runs the installed example" \
    "$base/moved/bin/freqsys" run "$doc" -q -j 1 -o "$out"
check 13 "and writes its result" grep -q '"blocks"' "$out"
check 14 "include/freqsys/gen.h is installed" test -f "$base/moved/include/freqsys/gen.h"
# A generator includes <freqsys/gen.h>, looked for beside the executable first.
gen=$(find "$base/moved" -path '*/doc/freqsys/examples/nmea/nmea_generator.fspec' | head -n 1)
check 15 "the moved installed freqsys builds the generator example" "$base/moved/bin/freqsys" check "$gen"
check 16 "the zsh completion is installed in share/zsh/site-functions" test -f "$base/moved/share/zsh/site-functions/_freqsys"
