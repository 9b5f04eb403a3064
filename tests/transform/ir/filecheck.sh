#!/bin/sh
# tests/transform/ir/filecheck.sh: instruments SPEC unoptimised and checks the IR against the CHECK lines of SOURCE.
set -eu
freqsys=$1 filecheck=$2 spec=$3 source=$4
dir=$(mktemp -d "${TMPDIR:-/tmp}/freqsys-ir.XXXXXX")
trap 'rm -rf "$dir"' EXIT
"$freqsys" instrument "$spec" -o "$dir/out.ll" --optimize none 2>"$dir/stderr" || { cat "$dir/stderr" >&2; exit 1; }
"$filecheck" "$source" --input-file "$dir/out.ll"
