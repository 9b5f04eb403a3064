#!/usr/bin/env python3
"""Checks a freqsys result's per-block means against oracle.sh's TSV; exits 1 on any miss."""
import argparse
import collections
import json
import os
import sys

# A miss: |estimate - oracle| > half_width + 3 * oracle_stderr (+ TOLERANCE * max(1, |oracle|),
# room for the rounding of two exact means computed differently).
TOLERANCE = 1e-9


def read_result(path):
    with open(path) as f:
        result = json.load(f)
    blocks = result.get("blocks")
    if not isinstance(blocks, list):
        sys.exit(f"{path}: no list of blocks")
    return result, blocks


def read_oracle(path):
    """The oracle's guards as dicts, and its '# oracle ...' comment (calls, batches)."""
    info, header, rows = {}, None, []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                for word in line[1:].split():
                    if "=" in word:
                        key, value = word.split("=", 1)
                        info[key] = value
                continue
            if not line:
                continue
            cells = line.split("\t")
            if header is None:
                header = cells
                missing = {"function", "file", "line", "count_per_call"} - set(header)
                if missing:
                    sys.exit(f"{path}: no column {', '.join(sorted(missing))}")
                continue
            row = dict(zip(header, cells))
            rows.append({
                "function": row["function"],
                "file": os.path.basename(row["file"]),
                "line": int(row["line"]),
                "mean": float(row["count_per_call"]),
                "se": float(row.get("stderr") or 0.0),
                "entry": row.get("entry"),
                "pc": int(row["pc"], 16) if row.get("pc") else len(rows),
            })
    return info, rows


def oracle_entries(rows):
    """function -> its entry guards: those marked entry (pc-table), else its lowest PC."""
    marked = collections.defaultdict(list)
    if rows and rows[0]["entry"] is not None:
        for r in rows:
            if r["entry"] == "1":
                marked[r["function"]].append(r)
        return marked
    for r in rows:
        best = marked.get(r["function"])
        if not best or r["pc"] < best[0]["pc"]:
            marked[r["function"]] = [r]
    return marked


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("result", help="freqsys's result JSON")
    ap.add_argument("oracle", help="oracle.sh's TSV")
    a = ap.parse_args()
    result, blocks = read_result(a.result)
    info, rows = read_oracle(a.oracle)

    misses = []

    def check(kind, fn, line, block, guard):
        est, hw = float(block["mean"]), float(block.get("half_width") or 0.0)
        orc, se = guard["mean"], guard["se"]
        if abs(est - orc) > hw + 3 * se + TOLERANCE * max(1.0, abs(orc)):
            misses.append((kind, fn, line, block.get("block", "?"), est, hw, orc, se,
                           block.get("status", "?")))

    # (a) entry blocks, by function name (a name with several entries on a side is skipped).
    fs_entries = collections.defaultdict(list)
    for b in blocks:
        if b.get("block") == "entry":
            fs_entries[b["function"]].append(b)
    or_entries = oracle_entries(rows)
    entries = no_entry = ambiguous = 0
    for fn, bs in sorted(fs_entries.items()):
        gs = or_entries.get(fn, [])
        if not gs:
            no_entry += 1
        elif len(bs) > 1 or len(gs) > 1:
            ambiguous += 1
        else:
            entries += 1
            check("entry", fn, bs[0].get("line"), bs[0], gs[0])

    # (b) every (function, file, line) with exactly one non-entry block on each side; the
    # entry blocks, checked above, stay out (clang puts the entry callback on the '{' line).
    def key(fn, path, line):
        return fn, os.path.basename(path or ""), int(line or 0)

    fs_lines = collections.defaultdict(list)
    for b in blocks:
        if b.get("block") != "entry" and b.get("line"):
            fs_lines[key(b["function"], b.get("file"), b["line"])].append(b)
    or_lines = collections.defaultdict(list)
    entry_ids = {id(g) for gs in or_entries.values() for g in gs}
    for r in rows:
        if id(r) not in entry_ids and r["line"]:
            or_lines[key(r["function"], r["file"], r["line"])].append(r)
    lines = skipped = 0
    for k, bs in sorted(fs_lines.items()):
        gs = or_lines.get(k, [])
        if len(bs) == 1 and len(gs) == 1:
            lines += 1
            check("line", k[0], k[2], bs[0], gs[0])
        else:
            skipped += 1

    fs_fns = {b["function"] for b in blocks}
    or_fns = {r["function"] for r in rows}
    batches = int(info.get("batches", "1"))
    print(f"freqsys: {a.result}: {len(blocks)} blocks, {len(fs_fns)} functions, "
          f"trials {result.get('trials')}")
    print(f"oracle: {a.oracle}: {len(rows)} guards, {len(or_fns)} functions, "
          f"calls {info.get('calls', '?')}, "
          + ("exact (one batch)" if batches == 1 else f"{batches} batches"))
    if fs_fns - or_fns or or_fns - fs_fns:
        print(f"functions only in freqsys: {len(fs_fns - or_fns)}, only in the oracle: "
              f"{len(or_fns - fs_fns)}")
    print(f"entries checked: {entries}"
          + (f" ({no_entry} without an oracle entry, {ambiguous} ambiguous names)"
             if no_entry or ambiguous else ""))
    print(f"lines checked: {lines} ({skipped} freqsys lines skipped: not one block and "
          "one guard)")
    print(f"misses: {len(misses)}")
    for kind, fn, line, name, est, hw, orc, se, status in misses:
        print(f"  {kind} {fn}:{line} [{name}, {status}] estimate {est:.6g} "
              f"half_width {hw:.6g} oracle {orc:.6g} (stderr {se:.3g})")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
