#!/usr/bin/env python3
"""Fails when a source file includes a header from a layer above its own.

The layers (docs/architecture.md, lib/CMakeLists.txt) from the bottom up; a
file may include headers of its own layer and of the layers below it.
Folders of one layer may use each other (config and findings judge findings
together). The analyzers (analyzers/<family>/) are one layer: lib/ below it
reaches them only through the AnalyzerRegistry its caller passes in.

usage: check_layers.py SOURCE_DIR
"""
import os
import re
import sys

LAYERS = [
    ("base", ["lib/support", "lib/rules", "lib/model"]),
    ("frontend", ["lib/frontend", "lib/edit"]),
    ("analysis", ["lib/analysis"]),
    ("analyzers", ["analyzers"]),
    ("findings", ["lib/findings", "lib/config"]),
    ("output", ["lib/output"]),
    ("buildfiles", ["lib/buildfiles"]),
    ("port", ["lib/port"]),
    ("report", ["lib/report"]),
    ("sim", ["lib/sim"]),
    ("verify", ["lib/verify"]),
    ("commands", ["tools/hipwright"]),
]
# The CPU SIMT runtime links into test programs, never into the tool: it may
# include only its own headers (include/hipwright/sim).
RUNTIME = "lib/sim/runtime"

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
SOURCE = re.compile(r"\.(cpp|h|inc)$")


def rank_of(rel):
    for rank, (_, folders) in enumerate(LAYERS):
        for f in folders:
            if rel == f or rel.startswith(f + "/"):
                return rank
    return None


def main(root):
    # Which layer a quoted include names: `port/Porter.h` -> lib/port;
    # `warp-size/WarpFlow.h` and `AnalyzerList.h` -> analyzers/.
    lib_dirs = {d: rank_of("lib/" + d) for d in os.listdir(os.path.join(root, "lib"))
                if os.path.isdir(os.path.join(root, "lib", d))}
    analyzers = os.path.join(root, "analyzers")
    analyzer_names = {d for d in os.listdir(analyzers)
                      if os.path.isdir(os.path.join(analyzers, d))}
    analyzer_names |= {f for f in os.listdir(analyzers) if f.endswith(".h")}
    analyzers_rank = rank_of("analyzers")

    def included_rank(name):
        head = name.split("/", 1)[0]
        if "/" in name and head in lib_dirs:
            return lib_dirs[head], "lib/" + head
        if head in analyzer_names:
            return analyzers_rank, "analyzers"
        return None, None

    bad = []
    checked = 0
    for top in ("lib", "analyzers", "tools"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            rel_dir = os.path.relpath(dirpath, root)
            if os.path.basename(rel_dir) == "test":
                continue  # an analyzer's .cu test inputs
            for f in sorted(files):
                if not SOURCE.search(f):
                    continue
                rel = os.path.join(rel_dir, f)
                own = rank_of(rel)
                if own is None:
                    continue
                checked += 1
                with open(os.path.join(root, rel), encoding="utf-8",
                          errors="replace") as fh:
                    text = fh.read()
                for m in INCLUDE.finditer(text):
                    line = text.count("\n", 0, m.start()) + 1
                    name = m.group(1)
                    if rel.startswith(RUNTIME + "/"):
                        # Only the runtime's own and its public headers.
                        if included_rank(name)[0] is not None:
                            bad.append(f"{rel}:{line}: the CPU SIMT runtime "
                                       f"includes \"{name}\"; it must not "
                                       "depend on the porting tool")
                        continue
                    r, where = included_rank(name)
                    if r is not None and r > own:
                        bad.append(f"{rel}:{line}: \"{name}\" is in layer "
                                   f"'{LAYERS[r][0]}' ({where}), above this "
                                   f"file's layer '{LAYERS[own][0]}'")
    for b in bad:
        print(b)
    if bad:
        print(f"FAIL: {len(bad)} include(s) reach up a layer "
              "(docs/architecture.md lists the layers)")
        return 1
    if checked < 100:
        print(f"FAIL: only {checked} files checked; is {root} the source tree?")
        return 1
    print(f"layers: {checked} files, every include points down or sideways")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
