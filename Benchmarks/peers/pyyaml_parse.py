#!/usr/bin/env python3
"""PyYAML peer for the racelab "parse" benchmark workload.

Parses one YAML file (the scenario `racelab-bench parse --file PATH` generates)
with PyYAML's C-accelerated `CBaseLoader` (libyaml) or its pure-Python
`BaseLoader`. Both build plain Python dicts, lists and strings with no type
resolution, the closest PyYAML gets to racelab's parse into a located node tree;
racelab additionally decodes and checks the scenario against its model, so its
figure is parse + decode.

Timing: `seconds` is the median over R runs (after one untimed warm-up) of
time.perf_counter() around `yaml.load` of the file's text, already read into
memory; interpreter start-up, imports and file reading are outside it.

Usage: pyyaml_parse.py FILE --loader cbase|base [--repeat R]
Prints one JSON object with sorted keys.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import time

import yaml


def main() -> None:
    parser = argparse.ArgumentParser(description="PyYAML parse benchmark peer")
    parser.add_argument("file")
    parser.add_argument("--loader", choices=["cbase", "base"], required=True)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if args.loader == "cbase" and not yaml.__with_libyaml__:
        raise SystemExit("PyYAML was built without libyaml: CBaseLoader is unavailable")
    loader = yaml.CBaseLoader if args.loader == "cbase" else yaml.BaseLoader
    with open(args.file, encoding="utf-8") as handle:
        text = handle.read()

    def parse() -> int:
        document = yaml.load(text, Loader=loader)
        return len(document["timeline"])

    happenings = parse()  # warm-up, untimed
    timings: list[float] = []
    for _ in range(max(1, args.repeat)):
        start = time.perf_counter()
        count = parse()
        timings.append(time.perf_counter() - start)
        if count != happenings:
            raise SystemExit("parse: different result across runs")
    median = statistics.median(timings)
    result = {
        "workload": "parse",
        "implementation": "pyyaml-" + args.loader,
        "happenings": happenings,
        "bytes": len(text.encode("utf-8")),
        "seconds": median,
        "rate": happenings / median if median > 0 else 0.0,
        "peakMemoryBytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
    }
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
