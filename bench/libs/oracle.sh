#!/usr/bin/env bash
# Oracle: counts each basic block's executions per call of a C library under a driver, via clang-19.
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: oracle.sh [options] DRIVER.c SOURCE.c... [-- DRIVER_ARGS...]

Compiles the library's SOURCE.c files with one coverage callback per basic block
(clang-19 -O0 -g -fno-inline -fsanitize-coverage=bb,no-prune,trace-pc-guard,pc-table),
DRIVER.c and oracle_counts.c without coverage, links them with -no-pie, runs
  BINARY DUMP DRIVER_ARGS...
and writes every block's executions per call, located with llvm-symbolizer-19, as a
TSV (function, file, line, count_per_call, stderr, entry, pc, source_function).

The driver calls oracle_dump(DUMP, calls) from oracle_counts.h: once after calling
the library on every input of a finite corpus (the oracle is then exact, stderr 0),
or once per batch when it samples (stderr is then the standard error of the
per-batch means; use 10 batches of equal size).

options:
  -o FILE         the TSV to write (default: oracle.tsv)
  -I DIR          include folder, for the sources and the driver (repeatable)
  -D NAME[=VAL]   macro, for the sources and the driver (repeatable)
  --cflag FLAG    any other compiler flag, for the sources and the driver (repeatable)
  --ldflag FLAG   linker flag, e.g. --ldflag -lm (repeatable)
  -w DIR          build and run in DIR and keep it (default: a temporary folder,
                  removed at the end)
  -h, --help      this help

environment: CLANG (clang-19), SYMBOLIZER (llvm-symbolizer-19), OBJDUMP (llvm-objdump-19)

example:
  oracle.sh -o lz4.tsv -I "$LIBS/lz4/lib" bench/libs/lz4/driver.c "$LIBS/lz4/lib/lz4.c" \
      -- "$LIBS/lz4w/corpus/*.lz4"
USAGE
}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CLANG=${CLANG:-clang-19}
SYMBOLIZER=${SYMBOLIZER:-llvm-symbolizer-19}
OBJDUMP=${OBJDUMP:-llvm-objdump-19}

out=oracle.tsv
work=
cflags=()
ldflags=()
files=()
while [ $# -gt 0 ]; do
    case $1 in
        -h | --help) usage; exit 0 ;;
        -o) out=$2; shift 2 ;;
        -w) work=$2; shift 2 ;;
        -I) cflags+=("-I$2"); shift 2 ;;
        -I*) cflags+=("$1"); shift ;;
        -D) cflags+=("-D$2"); shift 2 ;;
        -D*) cflags+=("$1"); shift ;;
        --cflag) cflags+=("$2"); shift 2 ;;
        --ldflag) ldflags+=("$2"); shift 2 ;;
        --) shift; break ;;
        -*) echo "oracle.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) files+=("$1"); shift ;;
    esac
done
if [ ${#files[@]} -lt 2 ]; then
    usage >&2
    exit 2
fi
driver=${files[0]}
sources=("${files[@]:1}")

if [ -n "$work" ]; then
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

objects=()
k=0
for src in "${sources[@]}"; do
    k=$((k + 1))
    obj="$work/lib$k.o"
    "$CLANG" -O0 -g -fno-inline -fno-pie -fsanitize-coverage=bb,no-prune,trace-pc-guard,pc-table \
        ${cflags[@]+"${cflags[@]}"} -c "$src" -o "$obj"
    objects+=("$obj")
done
"$CLANG" -O0 -g -fno-pie -I"$here" ${cflags[@]+"${cflags[@]}"} -c "$driver" -o "$work/driver.o"
"$CLANG" -std=c11 -O2 -fno-pie -c "$here/oracle_counts.c" -o "$work/oracle_counts.o"
"$CLANG" -no-pie "${objects[@]}" "$work/driver.o" "$work/oracle_counts.o" \
    ${ldflags[@]+"${ldflags[@]}"} -o "$work/oracle-bin"

rm -f "$work/dump"
"$work/oracle-bin" "$work/dump" "$@"
python3 "$here/oracle_tsv.py" --symbolizer "$SYMBOLIZER" --objdump "$OBJDUMP" \
    "$work/oracle-bin" "$work/dump" -o "$out"
echo "oracle: wrote $out" >&2
