#!/usr/bin/env python3
"""Runs racelab's benchmarks side by side with SimPy, PyYAML and the raw floor.

One command reproduces the performance table:

    python3 Benchmarks/compare.py

It builds `racelab-bench` and `racelab` in release mode (unless --no-build), then
runs each storm case as its own process (so peak memory is per case), A B A B …
for several rounds: racelab counters-only, racelab with the trace streamed to a
reading consumer, with the trace kept, SimPy, the floor.
Ratios are computed within each round and shown as min–median–max over the
rounds. Then: the cost of the full trace against counters only (streamed at every
N, kept up to --trace-max, rendered as streamed text up to --text-max), storm
scaling (N = 10^3 … 10^6), explore vs the 1 ms sweep, parse
vs PyYAML, and whole-process `racelab check` / `racelab run` times.

With --baseline REV (a tag, a commit), it also builds `racelab-bench` and `racelab` of that
revision in a git worktree under the scratch path and runs its storm in the same rounds: the
storm table gains a column with racelab's time against the baseline's (below 1 is faster now),
and each teaching scenario of scenarios/explore is explored by both builds in turn, as whole
`racelab explore` processes and, with `racelab-bench explore`, the exploration alone with the
same counts required of both (how the review-prompt model file compares with the Swift model it
replaced: `--baseline 2b50c9b`).

It installs nothing. Missing peers are reported (`pip install simpy`,
`pip install pyyaml`) and their columns skipped.

    python3 Benchmarks/compare.py spin [--check]

runs `racelab explore` against SPIN on the Promela models of Benchmarks/peers/spin/ instead
(see its README): first a check that SPIN's state counts and verdicts are the ones racelab's
closed forms and outcomes predict (a mismatch exits 1), then, unless --check, racelab and
the SPIN search in interleaved rounds, with the ratios of their times and memory. It needs
`spin` and `gcc` and says so, and skips, when either is missing.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEERS = ROOT / "Benchmarks" / "peers"
sys.path.insert(0, str(PEERS / "spin"))
import spin_peer  # noqa: E402  (it lives beside its models)


def run_json(command: list[str]) -> list[dict]:
    """Runs `command` in the repository root; returns its JSON lines."""
    completed = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, check=False
    )
    if completed.returncode != 0:
        sys.stderr.write(completed.stderr)
        raise SystemExit(f"failed ({completed.returncode}): {' '.join(command)}")
    return [json.loads(line) for line in completed.stdout.splitlines() if line.startswith("{")]


def spread(values: list[float], digits: int = 1) -> str:
    """min–median–max of `values`."""
    if not values:
        return "—"
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{low:.{digits}f}–{mid:.{digits}f}–{high:.{digits}f}"


def megabytes(value: float) -> str:
    return f"{value / 1e6:.0f} MB"


def build_products(scratch_path: str, products: tuple[str, ...],
                   options: tuple[str, ...] = ()) -> None:
    """Builds `products` in release mode, as every table here measures them, with `options`."""
    for product in products:
        subprocess.run(
            ["swift", "build", "-c", "release", "--scratch-path", scratch_path, *options,
             "--product", product],
            cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
        )


def main() -> None:
    if sys.argv[1:2] == ["spin"]:
        spin(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scratch-path", default=str(ROOT / ".build"))
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--rounds", type=int, default=3, help="A B A B rounds per storm case")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per process (median)")
    parser.add_argument(
        "--sizes", default="1000,10000,100000,1000000", help="storm task counts"
    )
    parser.add_argument(
        "--trace-max", type=int, default=100000, help="largest N run with the trace kept"
    )
    parser.add_argument(
        "--text-max", type=int, default=10000,
        help="largest N run with the text trace streamed (about 5 us per trace event)",
    )
    parser.add_argument("--base-runs", type=int, default=1, help="runs of PyYAML BaseLoader")
    parser.add_argument(
        "--large", type=int, default=1000000,
        help="from this N on, SimPy runs --large-runs times and there are --large-rounds rounds",
    )
    parser.add_argument("--large-runs", type=int, default=1)
    parser.add_argument("--large-rounds", type=int, default=1)
    parser.add_argument(
        "--skip", default="", help="comma list: storm,explore,parse,check,model-files")
    parser.add_argument(
        "--baseline", help="a revision whose storm runs in the same rounds, for a ratio")
    args = parser.parse_args()
    skip = set(filter(None, args.skip.split(",")))

    have_simpy = importlib.util.find_spec("simpy") is not None
    have_yaml = importlib.util.find_spec("yaml") is not None
    if not have_simpy:
        print("SimPy is missing: pip install simpy  (SimPy columns skipped)")
    if not have_yaml:
        print("PyYAML is missing: pip install pyyaml  (PyYAML columns skipped)")

    if not args.no_build:
        build_products(args.scratch_path, ("racelab-bench", "racelab"))
    bench = str(Path(args.scratch_path) / "release" / "racelab-bench")
    racelab = str(Path(args.scratch_path) / "release" / "racelab")
    runs = ["--runs", str(args.runs)]
    args.baseline_bench = baseline_bench(args) if args.baseline else None
    print(f"machine: {os.cpu_count()} cores; {args.rounds} rounds; medians of {args.runs} runs")

    if "storm" not in skip:
        storm(args, bench, runs, have_simpy)
    if "explore" not in skip:
        explore(bench, runs)
    if "parse" not in skip:
        parse(args, bench, runs, have_yaml)
    if "check" not in skip:
        check(bench, racelab, runs)
    if "model-files" not in skip:
        model_files(args, bench, racelab, runs)


def baseline_bench(args: argparse.Namespace) -> str:
    """`racelab-bench` of `args.baseline`, built in release mode in a detached worktree under the
    scratch path (made once per revision, reused after)."""
    revision = subprocess.run(
        ["git", "rev-parse", "--verify", f"{args.baseline}^{{commit}}"],
        cwd=ROOT, capture_output=True, text=True, check=False)
    if revision.returncode != 0:
        raise SystemExit(f"--baseline {args.baseline}: not a revision of this repository")
    commit = revision.stdout.strip()
    tree = Path(args.scratch_path) / "baselines" / commit[:12]
    if not tree.exists():
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), commit],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    for product in ("racelab-bench", "racelab"):
        subprocess.run(
            ["swift", "build", "-c", "release", "--product", product],
            cwd=tree, check=True, stdout=subprocess.DEVNULL)
    print(f"baseline: {args.baseline} ({commit[:12]}), built in {tree}")
    return str(tree / ".build" / "release" / "racelab-bench")


def storm(args: argparse.Namespace, bench: str, runs: list[str], have_simpy: bool) -> None:
    sizes = [int(size) for size in args.sizes.split(",")]
    baseline = run_json([bench, "storm", "--tasks", "0", "--runs", "1", "--format", "json"])[0]
    rows = []
    for n in sizes:
        cases = {
            "racelab": [bench, "storm", "--tasks", str(n), *runs, "--format", "json"],
            "floor": [bench, "floor", "--tasks", str(n), *runs, "--format", "json"],
        }
        if args.baseline_bench:
            cases["baseline"] = [args.baseline_bench, *cases["racelab"][1:]]
        cases["stream"] = [*cases["racelab"], "--trace", "stream"]
        if n <= args.trace_max:
            cases["keep"] = [*cases["racelab"], "--trace", "keep"]
        if n <= args.text_max:
            cases["text"] = [*cases["racelab"], "--trace", "text"]
        large = n >= args.large
        if have_simpy:
            cases["simpy"] = [
                sys.executable, str(PEERS / "simpy_storm.py"), "--tasks", str(n),
                "--repeat", str(args.large_runs if large else args.runs),
            ]
        results: dict[str, list[dict]] = {name: [] for name in cases}
        for _ in range(args.large_rounds if large else args.rounds):
            for name, command in cases.items():
                results[name].append(run_json(command)[0])
        reference = json.loads(subprocess.run(
            [sys.executable, str(PEERS / "storm_reference.py"), "--tasks", str(n)],
            capture_output=True, text=True, check=True).stdout)
        for name, measured in results.items():
            for result in measured:
                if (result["events"], result["checksum"]) != (
                        reference["events"], reference["checksum"]):
                    raise SystemExit(f"storm N={n}: {name} disagrees with the reference")
        rows.append((n, reference, results))

    print("\n## storm (events and checksums equal across racelab, traced runs, SimPy, floor, "
          "reference)")
    against = f" | ÷ {args.baseline} (time)" if args.baseline_bench else ""
    print("| N | events | racelab events/s | × SimPy | ÷ floor (time) | streamed trace ÷ counters "
          f"| racelab peak | SimPy peak | SimPy ÷ racelab memory{against} |")
    print("|---|---|---|---|---|---|---|---|---|" + ("---|" if against else ""))
    for n, reference, results in rows:
        rounds = range(len(results["racelab"]))
        ours = results["racelab"]
        rate = statistics.median(r["rate"] for r in ours)
        vs_floor = spread([ours[i]["seconds"] / results["floor"][i]["seconds"] for i in rounds], 2)
        vs_trace = spread([results["stream"][i]["seconds"] / ours[i]["seconds"] for i in rounds], 2)
        if "simpy" in results:
            vs_simpy = spread([results["simpy"][i]["seconds"] / ours[i]["seconds"]
                               for i in rounds])
            simpy_peak = megabytes(statistics.median(r["peakMemoryBytes"]
                                                     for r in results["simpy"]))
            memory = spread([results["simpy"][i]["peakMemoryBytes"] / ours[i]["peakMemoryBytes"]
                             for i in rounds])
        else:
            vs_simpy = simpy_peak = memory = "—"
        peak = megabytes(statistics.median(r["peakMemoryBytes"] for r in ours))
        vs_baseline = ""
        if "baseline" in results:
            ratios = [ours[i]["seconds"] / results["baseline"][i]["seconds"] for i in rounds]
            vs_baseline = f" {spread(ratios, 2)} |"
        print(f"| {n:,} | {reference['events']:,} | {rate / 1e6:.2f} M | {vs_simpy} | {vs_floor} "
              f"| {vs_trace} | {peak} | {simpy_peak} | {memory} |{vs_baseline}")

    print("\n## the full trace against counters only (ratios per round, min–median–max)")
    print("| N | trace events | mode | seconds | ÷ counters (time) | peak | ÷ counters (memory) |")
    print("|---|---|---|---|---|---|---|")
    for n, reference, results in rows:
        ours = results["racelab"]
        rounds = range(len(ours))
        events = results["stream"][0]["traceEvents"]
        print(f"| {n:,} | {events:,} | counters only "
              f"| {statistics.median(r['seconds'] for r in ours):.3f} | 1 "
              f"| {megabytes(statistics.median(r['peakMemoryBytes'] for r in ours))} | 1 |")
        for mode in ("stream", "keep", "text"):
            if mode not in results:
                continue
            measured = results[mode]
            if any(r["traceEvents"] != events for r in measured):
                raise SystemExit(f"storm N={n}: {mode} saw another number of trace events")
            time_ratio = spread([measured[i]["seconds"] / ours[i]["seconds"] for i in rounds], 2)
            memory_ratio = spread(
                [measured[i]["peakMemoryBytes"] / ours[i]["peakMemoryBytes"] for i in rounds], 2)
            seconds = statistics.median(r["seconds"] for r in measured)
            peak = megabytes(statistics.median(r["peakMemoryBytes"] for r in measured))
            print(f"| {n:,} | {events:,} | {mode} | {seconds:.3f} | {time_ratio} | {peak} "
                  f"| {memory_ratio} |")
    print("(stream: every structured event made and handed to a consumer that reads it and keeps "
          "none; keep: every event kept until the run ends; text: the text trace streamed, a "
          "measuring run then a writing run)")

    print("\n## storm scaling (racelab counters-only)")
    print("| N | ns per event | floor ns per event | bytes per pending happening |")
    print("|---|---|---|---|")
    for n, reference, results in rows:
        ours = statistics.median(r["seconds"] for r in results["racelab"]) / reference["events"]
        floor = statistics.median(r["seconds"] for r in results["floor"]) / reference["events"]
        peak = statistics.median(r["peakMemoryBytes"] for r in results["racelab"])
        # At most N + 1 happenings are pending (one timer per task and the controller's).
        per = (peak - baseline["peakMemoryBytes"]) / (n + 1)
        print(f"| {n:,} | {ours * 1e9:.0f} | {floor * 1e9:.0f} | {per:.0f} |")
    print(f"(memory per pending happening = (peak − peak at N = 0, "
          f"{megabytes(baseline['peakMemoryBytes'])}) ÷ (N + 1))")


def explore(bench: str, runs: list[str]) -> None:
    results = run_json([bench, "explore", *runs, "--format", "json"])
    print("\n## explore (exhaustive with pruning) vs brute-force 1 ms sweep")
    print("| scenario | schedules | states | schedules/s | states/s | sweep runs "
          "| same outcomes | × faster than sweep |")
    print("|---|---|---|---|---|---|---|---|")
    for r in results:
        print(f"| {r['scenario']} | {r['schedules']} | {r['states']} | {r['rate']:,.0f} "
              f"| {r['statesRate']:,.0f} | {r['sweepSchedules']} | {r['sameOutcomes']} "
              f"| {r['speedupOverSweep']:.0f} |")


def parse(args: argparse.Namespace, bench: str, runs: list[str], have_yaml: bool) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = str(Path(directory) / "parse.yaml")
        ours, cbase, base = [], [], []
        for _ in range(args.rounds):
            ours.append(run_json([bench, "parse", "--file", path, *runs, "--format", "json"])[0])
            if have_yaml:
                peer = [sys.executable, str(PEERS / "pyyaml_parse.py"), path]
                cbase.append(run_json([*peer, "--loader", "cbase", "--repeat", str(args.runs)])[0])
                base.append(run_json([*peer, "--loader", "base", "--repeat",
                                      str(args.base_runs)])[0])
    print(f"\n## parse ({ours[0]['happenings']:,} happenings, {ours[0]['bytes'] / 1e6:.1f} MB)")
    print("| racelab parse+decode | × CBaseLoader | × BaseLoader | racelab peak |")
    print("|---|---|---|---|")
    rounds = range(len(ours))
    seconds = statistics.median(r["seconds"] for r in ours)
    c_ratio = spread([cbase[i]["seconds"] / ours[i]["seconds"] for i in rounds]) if cbase else "—"
    b_ratio = spread([base[i]["seconds"] / ours[i]["seconds"] for i in rounds]) if base else "—"
    peak = megabytes(statistics.median(r["peakMemoryBytes"] for r in ours))
    print(f"| {seconds * 1000:.0f} ms | {c_ratio} | {b_ratio} | {peak} |")


def model_files(args: argparse.Namespace, bench: str, racelab: str, runs: list[str]) -> None:
    """The storm written as a model file against the built-in storm, and loading a model."""
    print("\n## model files (the storm as Benchmarks/storm.model.yaml vs the built-in storm)")
    print("| N | built-in events/s | model-file events/s | model file ÷ built-in "
          "| built-in ÷ model file, per round |")
    print("|---|---|---|---|---|")
    for n in (10_000, 100_000):
        ours, theirs = [], []
        for _ in range(args.rounds):
            theirs.append(run_json([bench, "storm", "--tasks", str(n), *runs, "--format", "json"])[0])
            ours.append(run_json([bench, "storm-file", "--tasks", str(n), *runs,
                                  "--format", "json"])[0])
        built_in = statistics.median(r["rate"] for r in theirs)
        file_rate = statistics.median(r["rate"] for r in ours)
        per_round = spread([t["rate"] / o["rate"] for t, o in zip(theirs, ours)], 2)
        print(f"| {n:,} | {built_in / 1e6:.2f} M | {file_rate / 1e6:.2f} M "
              f"| 1/{built_in / file_rate:.1f} | {per_round} |")
    explore_against_baseline(args, racelab)
    explore_alone_against_baseline(args, bench)
    load = run_json([bench, "load-model", "--lines", "2000", *runs, "--format", "json"])[0]
    print(f"\nloading and checking a {load['lines']:,}-line model file: "
          f"{load['seconds'] * 1000:.1f} ms")


def timed_explore(racelab: str, path: Path, runs: int) -> float:
    """Median whole-process seconds of `racelab explore path` (exit 0 or 1: both are answers)."""
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        completed = subprocess.run([racelab, "explore", str(path)], cwd=ROOT,
                                   capture_output=True, text=True, check=False)
        seconds.append(time.perf_counter() - started)
        if completed.returncode not in (0, 1):
            sys.stderr.write(completed.stderr)
            raise SystemExit(f"failed ({completed.returncode}): racelab explore {path}")
    return statistics.median(seconds)


def review_prompt_teaching_scenarios() -> list[Path]:
    """The teaching scenarios of scenarios/explore that run the review-prompt model."""
    return [path for path in sorted((ROOT / "scenarios" / "explore").glob("*.yaml"))
            if "\nmodel: review-prompt\n" in path.read_text()]


def explore_against_baseline(args: argparse.Namespace, racelab: str) -> None:
    """Each review-prompt teaching scenario explored by this build and by the baseline's, in
    turn: the bundled model file now against what the baseline ran (before stop 48, the Swift
    model)."""
    if not args.baseline_bench:
        print("\n(explore against an older build: --baseline REV)")
        return
    older = str(Path(args.baseline_bench).with_name("racelab"))
    print(f"\n## explore: this build vs {args.baseline} (whole process, each teaching scenario)")
    print("| scenario | baseline | this build | this ÷ baseline |")
    print("|---|---|---|---|")
    ratios = []
    for scenario in review_prompt_teaching_scenarios():
        before, now = [], []
        for _ in range(args.rounds):
            before.append(timed_explore(older, scenario, args.runs))
            now.append(timed_explore(racelab, scenario, args.runs))
        ratio = statistics.median(n / b for n, b in zip(now, before))
        ratios.append(ratio)
        print(f"| {scenario.stem} | {statistics.median(before) * 1000:.1f} ms "
              f"| {statistics.median(now) * 1000:.1f} ms | {ratio:.2f}× |")
    print(f"(this ÷ baseline over {len(ratios)} scenarios: {spread(ratios, 2)})")


def explore_alone_against_baseline(args: argparse.Namespace, bench: str) -> None:
    """The same teaching scenarios explored by this build's `racelab-bench` and the baseline's,
    in turn: the exploration alone, timed in-process with the model already read, and the two
    builds' schedule, state and outcome counts compared."""
    if not args.baseline_bench:
        return
    files = [str(path) for path in review_prompt_teaching_scenarios()]
    command = ["explore", *files, "--runs", str(args.runs), "--sweep-limit", "1",
               "--format", "json"]
    before: dict[str, list[dict]] = {}
    now: dict[str, list[dict]] = {}
    for _ in range(args.rounds):
        for results, binary in ((before, args.baseline_bench), (now, bench)):
            for result in run_json([binary, *command]):
                results.setdefault(result["scenario"], []).append(result)
    print(f"\n## explore: this build vs {args.baseline} (exploring alone, racelab-bench explore)")
    print("| scenario | baseline | this build | this ÷ baseline | same counts |")
    print("|---|---|---|---|---|")
    for name, ours in now.items():
        theirs = before.get(name, [])
        same = len(theirs) == len(ours) and all(
            mine[key] == old[key] for mine, old in zip(ours, theirs)
            for key in ("schedules", "states", "outcomes"))
        ratios = [mine["seconds"] / old["seconds"] for mine, old in zip(ours, theirs)]
        baseline = statistics.median(r["seconds"] for r in theirs) if theirs else float("nan")
        print(f"| {name} | {baseline * 1000:.2f} ms "
              f"| {statistics.median(r['seconds'] for r in ours) * 1000:.2f} ms "
              f"| {spread(ratios, 2)} | {'yes' if same else 'NO'} |")


def check(bench: str, racelab: str, runs: list[str]) -> None:
    results = run_json([bench, "check", "--racelab", racelab, *runs, "--format", "json"])
    print("\n## whole-process start-up")
    print("| command | exit | median | min–max |")
    print("|---|---|---|---|")
    for r in results:
        print(f"| `{r['command'].replace(racelab, 'racelab')}` | {r['exitStatus']} "
              f"| {r['seconds'] * 1000:.0f} ms "
              f"| {r['minSeconds'] * 1000:.0f}–{r['maxSeconds'] * 1000:.0f} ms |")


LAUNCH_BURST_FILES = {
    "3x3": ROOT / "scenarios" / "scale" / "launch-burst-3x3.yaml",
    "3x4": ROOT / "scenarios" / "scale" / "launch-burst-3x4.yaml",
    "3x5": ROOT / "Benchmarks" / "launch-burst-3x5.yaml",
}
DISAPPEAR_WINDOW_VARIANTS = {"original": [], "cancel-guard": ["-DCANCEL_GUARD"]}


def spin(argv: list[str]) -> None:
    """`compare.py spin`: racelab explore against SPIN (Benchmarks/peers/spin/README.md)."""
    parser = argparse.ArgumentParser(
        prog="compare.py spin", description="racelab explore against SPIN, interleaved")
    parser.add_argument("--check", action="store_true",
                        help="only the agreement check, on launch-burst-3x3 and the "
                             "review-prompt race; no timing")
    parser.add_argument("--sizes", default="3x4,3x5",
                        help=f"launch-burst members to time, of {','.join(LAUNCH_BURST_FILES)}")
    parser.add_argument("--rounds", type=int, default=5, help="racelab, SPIN, … rounds")
    parser.add_argument("--scratch-path", default=str(ROOT / ".build"))
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--racelab", help="the racelab executable to use, not built (a debug "
                        "build is enough for --check, which times nothing)")
    args = parser.parse_args(argv)
    sizes = ["3x3"] if args.check else args.sizes.split(",")
    unknown = [size for size in sizes if size not in LAUNCH_BURST_FILES]
    if unknown:
        parser.error(f"unknown sizes {unknown}; known: {', '.join(LAUNCH_BURST_FILES)}")
    missing = spin_peer.missing_tools()
    if missing:
        print(f"SPIN peer skipped: {' and '.join(missing)} not found "
              f"(Debian: {spin_peer.INSTALL})")
        return
    # On Linux, racelab is built as the README installs it there: the standard library linked
    # statically (in a scratch directory of its own, so the other builds keep theirs).
    static = sys.platform.startswith("linux")
    scratch_path = str(Path(args.scratch_path) / "static-stdlib") if static else args.scratch_path
    if not args.no_build and not args.racelab:
        build_products(scratch_path, ("racelab",), ("--static-swift-stdlib",) if static else ())
    racelab = args.racelab or str(Path(scratch_path) / "release" / "racelab")
    if not args.racelab:
        print(f"racelab: {racelab} (release{', static standard library' if static else ''})")
    with tempfile.TemporaryDirectory() as directory:
        scratch = Path(directory)
        spin_agreement(racelab, sizes, scratch)
        if not args.check:
            spin_rounds(racelab, sizes, args.rounds, scratch)


def racelab_explore(racelab: str, path: Path) -> tuple[dict, spin_peer.Measured]:
    """`racelab explore path --format json`, whole process (exit 0 or 1: both are answers)."""
    run = spin_peer.run_measured([racelab, "explore", str(path), "--format", "json"], ROOT)
    lines = [line for line in run.output.splitlines() if line.startswith("{")]
    if run.status not in (0, 1) or len(lines) != 1:
        raise SystemExit(f"failed ({run.status}): racelab explore {path}\n{run.output}")
    return json.loads(lines[0]), run


def hash_bits(k: int) -> str:
    """pan's -w: a hash table of the smallest power of two that holds the unreduced space
    (pan's default, 2^24 slots, is 128 MB whatever the model)."""
    return f"-w{spin_peer.launch_burst_states(k).bit_length()}"


def spin_agreement(racelab: str, sizes: list[str], scratch: Path) -> None:
    """SPIN's state counts against the closed form, racelab's schedules against its own, and
    the two tools' verdicts and reachable outcomes; any difference exits 1."""
    rows: list[tuple[str, str, str, str, bool]] = []
    for size in sizes:
        path = LAUNCH_BURST_FILES[size]
        k = spin_peer.jobs_per_actor(path)
        explored, _ = racelab_explore(racelab, path)
        verifier = spin_peer.build(spin_peer.LAUNCH_BURST, scratch / f"{size}-unreduced",
                                   [f"-DK={k}"], ["-DNOREDUCE"])
        found = spin_peer.search(verifier, [hash_bits(k)])
        states = spin_peer.launch_burst_states(k)
        schedules = spin_peer.launch_burst_schedules(k)
        name = path.stem
        rows.append((name, "states, no reduction", f"SPIN {found.states:,}",
                     f"closed form {states:,}", found.states == states))
        rows.append((name, "schedules", f"racelab {explored['schedules']:,}",
                     f"closed form {schedules:,}",
                     explored["schedules"] == schedules and explored["complete"]))
        rows.append((name, "verdict", verdict_of_spin(found.errors), verdict_of_racelab(explored),
                     (found.errors > 0) == bool(explored["violations"])))
    for variant, defines in DISAPPEAR_WINDOW_VARIANTS.items():
        path = ROOT / "scenarios" / "review-prompt" / "explore" / f"disappear-window-{variant}.yaml"
        explored, _ = racelab_explore(racelab, path)
        verifier = spin_peer.build(spin_peer.DISAPPEAR_WINDOW, scratch / variant, defines, [])
        found = spin_peer.search(verifier)
        theirs = spin_peer.reachable_outcomes(spin_peer.DISAPPEAR_WINDOW,
                                              scratch / f"{variant}-outcomes", defines)
        ours = {spin_peer.racelab_outcome(entry["summary"]) for entry in explored["outcomes"]}
        same_verdict = (found.errors > 0) == bool(explored["violations"])
        rows.append((path.stem, "verdict", verdict_of_spin(found.errors),
                     verdict_of_racelab(explored), same_verdict))
        for reached in sorted(theirs | ours):
            rows.append((path.stem, f"outcome: {describe_outcome(reached)}",
                         f"SPIN: {'reachable' if reached in theirs else 'unreachable'}",
                         f"racelab: {'reachable' if reached in ours else 'unreachable'}",
                         reached in theirs and reached in ours))
    print("\n## SPIN agreement (SPIN's counts and verdicts against what racelab predicts)")
    print("| scenario | check | found | expected | agree |")
    print("|---|---|---|---|---|")
    for name, what, theirs_text, ours_text, agree in rows:
        print(f"| {name} | {what} | {theirs_text} | {ours_text} | {'yes' if agree else 'NO'} |")
    disagreements = [row for row in rows if not row[4]]
    if disagreements:
        raise SystemExit(f"SPIN and racelab disagree on {len(disagreements)} of {len(rows)} "
                         f"checks")


def verdict_of_spin(errors: int) -> str:
    return "SPIN: assertion violated" if errors else "SPIN: no assertion violated"


def verdict_of_racelab(explored: dict) -> str:
    broken = sorted(explored["violations"])
    return f"racelab: broken {', '.join(broken)}" if broken else "racelab: no invariant broken"


def describe_outcome(reached: tuple) -> str:
    consumed, (attempts, requests, shown), pending, broken = reached
    text = (f"cooldown {'consumed' if consumed else 'kept'}, attempts {attempts}, "
            f"requests {requests}, shown {shown}, pending {str(pending).lower()}")
    return f"{text}, broken {', '.join(broken)}" if broken else text


def spin_rounds(racelab: str, sizes: list[str], rounds: int, scratch: Path) -> None:
    """racelab explore and the SPIN search (partial-order reduction on, as SPIN runs by
    default), one after the other for each size, `rounds` times; ratios within a round."""
    cases = []
    for size in sizes:
        path = LAUNCH_BURST_FILES[size]
        k = spin_peer.jobs_per_actor(path)
        verifier = spin_peer.build(spin_peer.LAUNCH_BURST, scratch / f"{size}-reduced",
                                   [f"-DK={k}"], [])
        cases.append((path, k, verifier, [], []))
    for _ in range(rounds):
        for path, k, verifier, ours, theirs in cases:
            explored, run = racelab_explore(racelab, path)
            found = spin_peer.search(verifier, [hash_bits(k)])
            if explored["violations"] or found.errors:
                raise SystemExit(f"{path.stem}: a verdict changed between rounds")
            ours.append((explored, run))
            theirs.append(found)
    print(f"\n## racelab explore vs SPIN ({rounds} interleaved rounds; whole processes; "
          f"ratios per round, min–median–max)")
    print("| scenario | racelab states | SPIN states | racelab time | SPIN search "
          "| racelab ÷ SPIN time | SPIN compile | racelab peak RSS | SPIN peak RSS "
          "| SPIN's own figure | racelab ÷ SPIN memory (RSS) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for path, k, verifier, ours, theirs in cases:
        pairs = list(zip(ours, theirs))
        time_ratio = spread([run.seconds / found.seconds for (_, run), found in pairs])
        memory_ratio = spread([run.peak_bytes / found.peak_bytes for (_, run), found in pairs])
        print(f"| {path.stem} | {ours[0][0]['states']:,} | {theirs[0].states:,} "
              f"| {statistics.median(run.seconds for _, run in ours):.3f} s "
              f"| {statistics.median(found.seconds for found in theirs):.3f} s | {time_ratio} "
              f"| {verifier.compile_seconds:.2f} s "
              f"| {megabytes(statistics.median(run.peak_bytes for _, run in ours))} "
              f"| {megabytes(statistics.median(found.peak_bytes for found in theirs))} "
              f"| {megabytes(theirs[0].memory_bytes)} | {memory_ratio} |")
    print("(SPIN: pan built with gcc -O2 -DSAFETY, partial-order reduction on, hash table "
          "sized by -w to the unreduced space; SPIN compile is spin -a plus gcc, once; SPIN's "
          "own figure is pan's total actual memory usage)")


if __name__ == "__main__":
    main()
