#!/usr/bin/env python3
"""Extracts name facts from HIPIFY's published mapping tables.

HIPIFY documents, per CUDA API family, which CUDA names it renames to which
HIP name and in which ROCm release that HIP name first shipped (its
docs/tables/*.md). This script keeps only those facts - CUDA name, HIP name,
ROCm version, family - and writes them to rules/reference/hipify_names.tsv.
tests/unit/RulesAgainstHipifyTest.cpp then requires every CUDA name listed
there to have a row in rules/*.tsv: mapped, or unsupported with a reason.

Usage (maintainers, when HIPIFY publishes new tables):
  scripts/extract-hipify-names.py --git-dir /path/to/HIPIFY/.git [--rev HEAD]
  scripts/extract-hipify-names.py --tables /path/to/HIPIFY/docs/tables
Writes rules/reference/hipify_names.tsv (or --out FILE).
"""

import argparse
import os
import re
import subprocess
import sys

# Table file -> our family name. For cuDNN the MIOpen table is the one that
# matters: hipDNN is not shipped by ROCm, MIOpen is.
TABLES = [
    ("CUDA_Runtime_API_functions_supported_by_HIP.md", "runtime"),
    ("CUDA_Driver_API_functions_supported_by_HIP.md", "driver"),
    ("CUDA_Device_API_supported_by_HIP.md", "device"),
    ("cuComplex_API_supported_by_HIP.md", "complex"),
    ("CUDA_RTC_API_supported_by_HIP.md", "nvrtc"),
    ("CUBLAS_API_supported_by_HIP.md", "cublas"),
    ("CURAND_API_supported_by_HIP.md", "curand"),
    ("CUSPARSE_API_supported_by_HIP.md", "cusparse"),
    ("CUSOLVER_API_supported_by_HIP.md", "cusolver"),
    ("CUFFT_API_supported_by_HIP.md", "cufft"),
    ("CUDNN_API_supported_by_MIOPEN.md", "cudnn"),
    ("CUB_API_supported_by_HIP.md", "cub"),
]

# Columns naming the target spelling in the header row of a table.
TARGET_COLUMNS = ("**HIP**", "**MIOPEN**")
NAME = re.compile(r"^`([^`]+)`$")
VERSION = re.compile(r"^(\d+)\.(\d+)(?:\.\d+)?$")


def read_table(args, name):
    if args.tables:
        path = os.path.join(args.tables, name)
        if not os.path.exists(path):
            return None
        with open(path, encoding="utf-8") as f:
            return f.read()
    try:
        return subprocess.run(
            ["git", "--git-dir", args.git_dir, "show",
             f"{args.rev}:docs/tables/{name}"],
            check=True, capture_output=True, text=True).stdout
    except subprocess.CalledProcessError:
        return None


def major_minor(text):
    m = VERSION.match(text.strip())
    return f"{m.group(1)}.{m.group(2)}" if m else ""


def parse(text, family):
    """Yields (cuda, hip, rocm_added, family) for every row with a HIP name."""
    target = None  # index of the HIP/MIOpen column in the current table
    section_family = family
    for line in text.splitlines():
        if line.startswith("#"):
            # cuBLAS's document carries cuBLASLt in sections of its own;
            # those names go to hipBLASLt, a separate library.
            section_family = family
            if family == "cublas" and "BLASLT" in line.upper():
                section_family = "cublaslt"
            continue
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        heads = [i for i, c in enumerate(cells) if c in TARGET_COLUMNS]
        if heads:
            target = heads[0]
            continue
        if target is None or len(cells) <= target + 1:
            continue
        cuda = NAME.match(cells[0])
        hip = NAME.match(cells[target])
        if not cuda or not hip:
            continue
        yield (cuda.group(1), hip.group(1), major_minor(cells[target + 1]),
               section_family)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--git-dir", help="a HIPIFY git directory")
    src.add_argument("--tables", help="a HIPIFY docs/tables directory")
    ap.add_argument("--rev", default="HEAD", help="revision (with --git-dir)")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--out", default=os.path.join(
        here, "..", "rules", "reference", "hipify_names.tsv"))
    args = ap.parse_args()

    origin = "a docs/tables directory"
    if args.git_dir:
        rev = subprocess.run(
            ["git", "--git-dir", args.git_dir, "rev-parse", args.rev],
            check=True, capture_output=True, text=True).stdout.strip()
        origin = f"ROCm/HIPIFY commit {rev}"

    seen = {}
    rows = []
    for name, family in TABLES:
        text = read_table(args, name)
        if text is None:
            sys.exit(f"error: HIPIFY table {name} not found")
        for row in parse(text, family):
            # A name listed by two tables (cudaDataType in runtime and
            # cuBLAS) keeps the first; the HIP twin is the same.
            if row[0] in seen:
                continue
            seen[row[0]] = True
            rows.append(row)

    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write("# CUDA names HIPIFY renames, with the HIP name and the ROCm "
                "release that added it.\n")
        f.write(f"# Facts from {origin}, docs/tables;\n")
        f.write("# regenerate with scripts/extract-hipify-names.py. "
                "Checked by tests/unit/RulesAgainstHipifyTest.cpp.\n")
        f.write("# cuda\thip\trocm_added\tfamily\n")
        for row in sorted(rows, key=lambda r: (r[3], r[0])):
            f.write("\t".join(row) + "\n")
    print(f"{len(rows)} names written to {os.path.normpath(args.out)}")


if __name__ == "__main__":
    main()
