#!/usr/bin/env python3
"""Turns an oracle_counts dump into a TSV of per-block executions per call, via llvm-symbolizer."""
import argparse
import bisect
import json
import math
import re
import subprocess
import sys

GUARD_CALLBACK = "<__sanitizer_cov_trace_pc_guard>"


def read_dump(path):
    """The batches of a dump: a list of (calls, rows), rows of (pc, count, block_pc, entry)."""
    batches = []
    with open(path) as f:
        for line in f:
            words = line.split()
            if not words:
                continue
            if words[0] == "calls":
                batches.append((int(words[1]), []))
                continue
            if not batches:
                sys.exit(f"{path}: a guard line before the first 'calls' header")
            pc, count, block, entry = words
            batches[-1][1].append((int(pc, 16), int(count), int(block, 16), int(entry)))
    if not batches:
        sys.exit(f"{path}: no batch (did the driver call oracle_dump?)")
    if len({len(rows) for _, rows in batches}) != 1:
        sys.exit(f"{path}: the batches disagree on the number of guards")
    return batches


def guard_call_sites(objdump, binary):
    """The sorted addresses (return address - 1) of every call to the guard callback."""
    text = subprocess.run([objdump, "-d", "--no-show-raw-insn", binary], check=True,
                          capture_output=True, text=True).stdout
    insn = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)(.*)$")
    sites, pending = [], False
    for line in text.splitlines():
        m = insn.match(line)
        if not m:
            continue
        if pending:  # the instruction after the call: its address is the return address
            sites.append(int(m.group(1), 16) - 1)
            pending = False
        mnemonic = m.group(2)
        if (mnemonic.startswith("call") or mnemonic == "bl") and GUARD_CALLBACK in m.group(3):
            pending = True
    return sorted(sites)


def symbolize(symbolizer, binary, pcs):
    """pc -> (function, source_function, file, line): function is the outermost frame (the
    machine function holding the code), file, line and source_function the innermost."""
    out = subprocess.run([symbolizer, f"--obj={binary}", "--output-style=JSON"],
                         input="".join(f"0x{pc:x}\n" for pc in pcs), check=True,
                         capture_output=True, text=True).stdout
    where = {}
    for line in out.splitlines():
        if not line.strip():
            continue
        rec = json.loads(line)
        frames = rec.get("Symbol") or [{}]
        inner, outer = frames[0], frames[-1]
        where[int(rec["Address"], 16)] = (outer.get("FunctionName", "??"),
                                          inner.get("FunctionName", "??"),
                                          inner.get("FileName", "??"), inner.get("Line", 0))
    return where


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("binary")
    ap.add_argument("dump")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--symbolizer", default="llvm-symbolizer-19")
    ap.add_argument("--objdump", default="llvm-objdump-19")
    a = ap.parse_args()

    batches = read_dump(a.dump)
    nguards = len(batches[0][1])
    calls = sum(c for c, _ in batches)
    if calls == 0:
        sys.exit(f"{a.dump}: no calls")
    sites = guard_call_sites(a.objdump, a.binary)

    rows, mismatched, unlocated = [], 0, 0
    for g in range(nguards):
        runtime_pc = next((b[1][g][0] for b in batches if b[1][g][0]), 0)
        _, _, block, entry = batches[0][1][g]
        # A never-run guard has no runtime PC: take its call site from the pc-table's block
        # address (the first callback call at or after it); check it on the guards that ran.
        k = bisect.bisect_left(sites, block) if block else len(sites)
        static_pc = sites[k] if k < len(sites) else 0
        if runtime_pc and static_pc and runtime_pc != static_pc:
            mismatched += 1
        pc = runtime_pc or static_pc
        if not pc:
            unlocated += 1
            continue
        total = sum(b[1][g][1] for b in batches)
        means = [b[1][g][1] / b[0] for b in batches if b[0]]
        se = 0.0  # one batch: the driver enumerated its corpus exactly
        if len(means) > 1:
            m = sum(means) / len(means)
            se = math.sqrt(sum((x - m) ** 2 for x in means) / (len(means) - 1) / len(means))
        rows.append((pc, total / calls, se, entry))
    if mismatched:
        sys.exit(f"{a.dump}: {mismatched} guards ran from another call site than their "
                 "pc-table block's first one")
    if unlocated:
        print(f"oracle: {unlocated} guards never ran and have no pc-table entry; left out",
              file=sys.stderr)

    where = symbolize(a.symbolizer, a.binary, sorted({r[0] for r in rows}))
    with open(a.output, "w") as out:
        out.write(f"# oracle calls={calls} batches={len(batches)} guards={nguards}\n")
        out.write("function\tfile\tline\tcount_per_call\tstderr\tentry\tpc\tsource_function\n")
        for pc, mean, se, entry in rows:
            fn, src_fn, path, line = where.get(pc, ("??", "??", "??", 0))
            out.write(f"{fn}\t{path}\t{line}\t{mean!r}\t{se!r}\t{entry}\t0x{pc:x}\t{src_fn}\n")


if __name__ == "__main__":
    main()
