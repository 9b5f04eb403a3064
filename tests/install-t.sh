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
echo "1..9"
check 1 "bin/freqsys is installed" test -x "$prefix/bin/freqsys"
check 2 "include/freqsys/abi.h is installed" test -f "$prefix/include/freqsys/abi.h"
doc=$(find "$prefix" -path '*/doc/freqsys/examples/branches/branches.fspec' | head -n 1)
check 3 "the installed freqsys checks the installed example" "$prefix/bin/freqsys" check "$doc"
lib=$(find "$prefix" -name libfreqsys_rt.a | head -n 1)
check 4 "the runtime library is installed in lib/.../freqsys" test -n "$lib" -a "$(basename "$(dirname "$lib")")" = freqsys
# The executable carries no runtime: the modules it builds do.
if nm -D --defined-only "$prefix/bin/freqsys" | grep -q freqsys_rt_; then
    echo "not ok 5 - the installed freqsys exports no runtime entry points"
else
    echo "ok 5 - the installed freqsys exports no runtime entry points"
fi
# A moved tree still works: the library is found relative to the executable.
mv "$prefix" "$base/moved"
doc=$(find "$base/moved" -path '*/doc/freqsys/examples/branches/branches.fspec' | head -n 1)
out=$base/branches.json
check 6 "the moved installed freqsys runs the installed example" \
    "$base/moved/bin/freqsys" run "$doc" -q -j 1 -o "$out"
check 7 "and writes its result" grep -q '"blocks"' "$out"
check 8 "include/freqsys/gen.h is installed" test -f "$base/moved/include/freqsys/gen.h"
# A generator includes <freqsys/gen.h>, looked for beside the executable first.
gen=$(find "$base/moved" -path '*/doc/freqsys/examples/nmea/nmea_generator.fspec' | head -n 1)
check 9 "the moved installed freqsys builds the generator example" "$base/moved/bin/freqsys" check "$gen"
