#!/usr/bin/env python3
"""Checks a `hipwright verify --format json` matrix against what the test
programs say they should show.

Each program may carry, anywhere in its source, lines such as

    // VERIFY-EXPECT: port-run-wave64=fail
    // VERIFY-EXPECT: run=not-run

(`run` stands for every *-run-wave* cell), and lines such as

    // VERIFY-DETAIL: port-run-wave64 lockstep deadlock

(the cell's detail must contain the rest of the line). Without an
expectation, a cell is expected to
pass, except: a port build listed in a known-failures file must fail, a port
build the compile check skipped because Debian lacks a library may be not-run,
and the gpu-run cells must be not-run when this machine has no GPU.

usage: check_matrix.py MATRIX.json [--amd-known FILE] [--nvidia-known FILE]
Exit status 0 when every cell matches, 1 otherwise (each mismatch printed).
"""
import argparse
import json
import re
import shutil
import sys

RUN_CELLS = ("cuda-run-wave32", "port-run-wave64", "fixed-run-wave64",
             "fixed-run-wave32", "native-run-wave64", "native-run-wave32")


def known_failures(path):
    names = set()
    if not path:
        return names
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                names.add(line.split()[0])
    return names


def inline_expectations(path):
    expect = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.search(r"VERIFY-EXPECT:\s*(.*)", line)
            if not m:
                continue
            for item in m.group(1).split():
                cell, _, status = item.partition("=")
                cells = RUN_CELLS if cell == "run" else (cell,)
                for c in cells:
                    expect[c] = set(status.split(","))
    return expect


def inline_details(path):
    details = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.search(r"VERIFY-DETAIL:\s*(\S+)\s+(.*\S)", line)
            if m:
                details.setdefault(m.group(1), []).append(m.group(2))
    return details


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("matrix")
    ap.add_argument("--amd-known")
    ap.add_argument("--nvidia-known")
    args = ap.parse_args()
    with open(args.matrix, encoding="utf-8") as f:
        matrix = json.load(f)
    amd_known = known_failures(args.amd_known)
    nv_known = known_failures(args.nvidia_known)
    has_nvidia = shutil.which("nvidia-smi") is not None
    columns = matrix["summary"]["columns"]
    bad = 0
    checked = 0
    short = {"pass": "pass", "fail": "FAIL", "error": "ERR", "not-run": "-"}
    for prog in matrix["programs"]:
        name, cells = prog["name"], prog["cells"]
        print(f"{name:24}", " ".join(
            f"{short.get(cells.get(c, {}).get('status'), '?'):4}"
            for c in columns))
        expect = inline_expectations(prog["file"])
        details = inline_details(prog["file"])
        for col in columns:
            cell = cells.get(col)
            if cell is None:
                print(f"MISSING {name} {col}")
                bad += 1
                continue
            status, detail = cell["status"], cell["detail"]
            if col in expect:
                want = expect[col]
            elif col.startswith("port-build-gfx"):
                want = {"fail"} if name in amd_known else {"pass"}
                if "Debian" in detail and "lacks" in detail:
                    want = want | {"not-run"}
            elif col == "port-build-nvidia":
                want = {"fail"} if name in nv_known else {"pass"}
            elif col == "gpu-run-nvidia":
                want = {"pass"} if has_nvidia else {"not-run"}
            elif col == "gpu-run-amd":
                want = {"not-run"}
            else:
                want = {"pass"}
            checked += 1
            if status not in want or not detail:
                bad += 1
                print(f"MISMATCH {name} {col}: got {status} "
                      f"(want {'/'.join(sorted(want))}): {detail}")
            for part in details.get(col, []):
                if part not in detail:
                    bad += 1
                    print(f"MISMATCH {name} {col}: the detail lacks "
                          f"'{part}': {detail}")
    print(f"check_matrix: {checked} cells checked, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
