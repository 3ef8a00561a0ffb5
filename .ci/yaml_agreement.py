#!/usr/bin/env python3
"""Check that racelab parses YAML files to the same tree as PyYAML's BaseLoader.

Usage: python3 .ci/yaml_agreement.py RACELAB_BINARY DIR

For every *.yaml file under DIR (sorted, recursive) this compares
`RACELAB_BINARY tree FILE` with PyYAML's tree dumped as compact, key-sorted JSON.
A file both sides reject counts as agreement. Exits 1 on any mismatch.
"""

import json
import pathlib
import subprocess
import sys

import yaml


def pyyaml_tree(path):
    """Return PyYAML's canonical JSON for the file, or None if PyYAML rejects it."""
    with open(path, encoding="utf-8", newline="") as handle:
        text = handle.read()
    try:
        tree = yaml.load(text, Loader=yaml.BaseLoader)
    except yaml.YAMLError:
        return None
    return json.dumps(tree, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def racelab_tree(binary, path):
    """Return racelab's canonical JSON for the file, or None if racelab rejects it."""
    result = subprocess.run([binary, "tree", str(path)], capture_output=True)
    if result.returncode != 0:
        return None
    output = result.stdout.decode("utf-8")
    return output[:-1] if output.endswith("\n") else output


def main():
    if len(sys.argv) != 3:
        print("usage: yaml_agreement.py RACELAB_BINARY DIR", file=sys.stderr)
        return 2
    binary, directory = sys.argv[1], pathlib.Path(sys.argv[2])
    passed = failed = 0
    for path in sorted(directory.rglob("*.yaml")):
        try:
            expected = pyyaml_tree(path)
        except UnicodeDecodeError:
            expected = None
        actual = racelab_tree(binary, path)
        if expected == actual:
            passed += 1
            print(f"ok {path}" + (" (both reject)" if expected is None else ""))
        else:
            failed += 1
            print(f"MISMATCH {path}")
            print(f"  pyyaml:  {expected if expected is not None else '<rejected>'}")
            print(f"  racelab: {actual if actual is not None else '<rejected>'}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
