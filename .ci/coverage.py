#!/usr/bin/env python3
"""Line coverage of Sources/, per target and for the least-covered files, from llvm-cov.

Usage: coverage.py PROFDATA BINARY [BINARY...] [--least N]

PROFDATA is the merged profile of a test run; each BINARY is an executable built with
coverage (the test bundle, and the racelab the tests start). llvm-cov reads them together,
so a file's lines count once, covered when any binary's run covered them.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

# The toolchain's llvm-cov, beside swift: a system llvm-cov may not read its profiles.
SWIFT = shutil.which("swift")
LLVM_COV = os.path.join(os.path.dirname(os.path.realpath(SWIFT)), "llvm-cov") if SWIFT else "llvm-cov"


def file_summaries(profdata, binaries):
    """Maps each file under Sources/ (relative) to (lines, covered lines)."""
    command = [LLVM_COV, "export", "-summary-only", "-instr-profile", profdata, binaries[0]]
    for binary in binaries[1:]:
        command += ["-object", binary]
    exported = json.loads(subprocess.run(command, check=True, capture_output=True).stdout)
    root = os.path.join(os.getcwd(), "Sources") + os.sep
    files = {}
    for data in exported["data"]:
        for entry in data["files"]:
            name = entry["filename"]
            if name.startswith(root):
                lines = entry["summary"]["lines"]
                files["Sources/" + name[len(root):]] = (lines["count"], lines["covered"])
    return files


def percent(covered, total):
    return 100.0 * covered / total if total else 100.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profdata")
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--least", type=int, default=10, help="how many files to list")
    arguments = parser.parse_args()
    files = file_summaries(arguments.profdata, arguments.binaries)
    if not files:
        sys.exit("coverage: no file under Sources/ in the profile")
    targets = {}
    for name, (total, covered) in files.items():
        target = name.split("/")[1]
        lines, hit = targets.get(target, (0, 0))
        targets[target] = (lines + total, hit + covered)
    print(f"{'target':<20} {'lines':>7} {'covered':>8} {'%':>6}")
    for target in sorted(targets):
        total, hit = targets[target]
        print(f"{target:<20} {total:>7} {hit:>8} {percent(hit, total):>6.1f}")
    total = sum(t for t, _ in targets.values())
    hit = sum(h for _, h in targets.values())
    print(f"{'Sources/':<20} {total:>7} {hit:>8} {percent(hit, total):>6.1f}")
    print(f"\nthe {arguments.least} least-covered files of 20 lines or more:")
    ranked = sorted(
        (percent(covered, total), name, total)
        for name, (total, covered) in files.items()
        if total >= 20
    )
    for share, name, total in ranked[: arguments.least]:
        print(f"  {share:5.1f}%  {total:>5} lines  {name}")


if __name__ == "__main__":
    main()
