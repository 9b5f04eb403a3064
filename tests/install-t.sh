#!/bin/sh
# tests/install-t.sh: installs the build into a fresh prefix and runs the installed freqsys on an installed example.
set -eu
build=$1
prefix=$(mktemp -d "${TMPDIR:-/tmp}/freqsys-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
echo "1..3"
test -x "$prefix/bin/freqsys" && echo "ok 1 - bin/freqsys is installed" || echo "not ok 1 - bin/freqsys is installed"
test -f "$prefix/include/freqsys/abi.h" && echo "ok 2 - include/freqsys/abi.h is installed" ||
    echo "not ok 2 - include/freqsys/abi.h is installed"
doc=$(find "$prefix" -path '*/doc/freqsys/examples/branches/branches.fspec' | head -n 1)
if [ -n "$doc" ] && "$prefix/bin/freqsys" check "$doc" >/dev/null 2>&1; then
    echo "ok 3 - the installed freqsys checks the installed example"
else
    echo "not ok 3 - the installed freqsys checks the installed example"; exit 1
fi
