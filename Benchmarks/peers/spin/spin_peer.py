"""SPIN as a peer of `racelab explore`: builds and runs the verifiers of this folder's models,
and says what racelab's scenarios predict of them.

`compare.py spin` drives it. A verifier is built in two steps, timed together: `spin
[-DK=k] [-DCANCEL_GUARD] [-DOUTCOMES] -a MODEL` writes pan.c, then `gcc -O2 -DSAFETY
[-DNOREDUCE] -o pan pan.c` compiles it (-DSAFETY: safety properties only, assertions and
invalid end states, no cycle detection, which is all a race's invariants need; -DNOREDUCE
turns partial-order reduction off).
"""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
LAUNCH_BURST = HERE / "launch-burst.pml"
DISAPPEAR_WINDOW = HERE / "disappear-window.pml"
INSTALL = "apt-get update && apt-get install -y spin gcc time"
# GNU time, which measures the peak memory of a process it starts itself (`run_measured`).
GNU_TIME = "/usr/bin/time"


def missing_tools() -> list[str]:
    """The tools the peer needs that are not there."""
    missing = [tool for tool in ("spin", "gcc") if shutil.which(tool) is None]
    if not os.access(GNU_TIME, os.X_OK):
        missing.append(f"GNU time ({GNU_TIME})")
    return missing


@dataclass
class Measured:
    """One finished process: its exit status, its output, wall time and peak resident memory."""

    status: int
    output: str
    seconds: float
    peak_bytes: int


def run_measured(command: list[str], cwd: Path) -> Measured:
    """Runs `command` to its end, under GNU time, which reports its peak RSS. A process this
    script starts itself would not do: Linux counts the memory of the process it was forked from
    (this Python, about 15 MB) in its peak even after `exec`, so `/bin/true` measured 15 MB and
    every small search measured the same. GNU time, a small process, starts the command.
    Output goes through a file, so a long one cannot block the child."""
    with tempfile.TemporaryFile() as output, tempfile.NamedTemporaryFile("r") as peak:
        started = time.perf_counter()
        completed = subprocess.run([GNU_TIME, "-f", "%M", "-o", peak.name, *command], cwd=cwd,
                                   stdin=subprocess.DEVNULL, stdout=output,
                                   stderr=subprocess.STDOUT, check=False)
        seconds = time.perf_counter() - started
        output.seek(0)
        text = output.read().decode()
        # GNU time's last line is the peak in kilobytes (a line before it says if the command
        # was killed by a signal).
        kilobytes = int(peak.read().split()[-1])
    return Measured(completed.returncode, text, seconds, kilobytes * 1024)


@dataclass
class Verifier:
    """A compiled pan: where it is and how long spin -a and gcc took."""

    pan: Path
    compile_seconds: float


def build(model: Path, directory: Path, defines: list[str], cflags: list[str]) -> Verifier:
    """Builds the verifier of a copy of `model` in `directory`, where spin -a writes its pan.*
    files, pan its trails and spin -t looks for them."""
    directory.mkdir(parents=True, exist_ok=True)
    shutil.copy(model, directory / model.name)
    started = time.perf_counter()
    for command in (["spin", *defines, "-a", model.name],
                    ["gcc", "-O2", "-DSAFETY", *cflags, "-o", "pan", "pan.c"]):
        completed = subprocess.run(command, cwd=directory, capture_output=True, text=True,
                                   check=False)
        if completed.returncode != 0:
            raise SystemExit(f"failed ({completed.returncode}): {' '.join(command)}\n"
                             f"{completed.stdout}{completed.stderr}")
    return Verifier(directory / "pan", time.perf_counter() - started)


@dataclass
class Search:
    """What pan reports of one search, and the process's own measures."""

    states: int
    errors: int
    memory_bytes: int  # pan's "total actual memory usage"
    seconds: float
    peak_bytes: int


def search(verifier: Verifier, options: list[str] | None = None) -> Search:
    """Runs the verifier's full search (-n: no listing of unreached code)."""
    run = run_measured([str(verifier.pan), "-n", *(options or [])], verifier.pan.parent)
    states = re.search(r"^\s*(\d+) states, stored", run.output, re.MULTILINE)
    errors = re.search(r"errors: (\d+)", run.output)
    memory = re.search(r"^\s*([\d.]+)\s+total actual memory usage", run.output, re.MULTILINE)
    if run.status != 0 or not (states and errors and memory):
        raise SystemExit(f"pan failed ({run.status}) in {verifier.pan.parent}:\n{run.output}")
    return Search(int(states[1]), int(errors[1]), int(float(memory[1]) * 1024 * 1024),
                  run.seconds, run.peak_bytes)


def reachable_outcomes(model: Path, directory: Path, defines: list[str]) -> set[tuple]:
    """Every outcome a run of `model` can end with: built with -DOUTCOMES, each end of a run
    fails an assertion, `pan -c0 -e` leaves a trail for each, and replaying a trail prints
    the outcome it ends with (`OUTCOME key=value …`)."""
    verifier = build(model, directory, [*defines, "-DOUTCOMES"], [])
    search(verifier, ["-c0", "-e"])
    outcomes = set()
    for trail in sorted(directory.glob(f"{model.name}*.trail")):
        number = trail.name[len(model.name):-len(".trail")]
        replay = subprocess.run(["spin", *defines, "-DOUTCOMES", f"-t{number}", model.name],
                                cwd=directory, capture_output=True, text=True, check=True)
        lines = [line.split("OUTCOME", 1)[1] for line in replay.stdout.splitlines()
                 if "OUTCOME" in line]
        if len(lines) != 1:
            raise SystemExit(f"trail {trail} printed {len(lines)} outcomes:\n{replay.stdout}")
        fields = dict(pair.split("=") for pair in lines[0].split())
        outcomes.add(outcome(
            cooldown_consumed=fields.pop("cooldownConsumed") == "1",
            counts=(int(fields.pop("attempts")), int(fields.pop("reviewRequests")),
                    int(fields.pop("reviewsShown"))),
            pending=fields.pop("pending") == "1",
            broken=[name for name, value in fields.items() if value == "1"]))
    return outcomes


def outcome(cooldown_consumed: bool, counts: tuple[int, int, int], pending: bool,
            broken: list[str]) -> tuple:
    """An outcome of the review-prompt race as both tools can say it: cooldown consumed,
    (attempts, requests, shown), pending, and the invariants broken, sorted."""
    return (cooldown_consumed, counts, pending, tuple(sorted(broken)))


def racelab_outcome(summary: dict) -> tuple:
    """The same from one outcome of `racelab explore --format json`."""
    return outcome(summary["cooldownConsumed"],
                   (summary["attempts"], summary["reviewRequests"], summary["reviewsShown"]),
                   summary["pending"], summary["violations"])


def jobs_per_actor(scenario: Path) -> int:
    """K of a launch-burst file: its timeline holds K transactions, K scenes and K flushes."""
    text = scenario.read_text()
    counts = {event: len(re.findall(rf"event: {event}\b", text))
              for event in ("transaction", "scene", "flush")}
    if len(set(counts.values())) != 1:
        raise SystemExit(f"{scenario}: not a launch-burst member ({counts})")
    return counts["transaction"]


def ordered_prefixes(k: int) -> int:
    """Σ_t k!/(k−t)!: the sequences of distinct ids from k, of every length 0…k."""
    return sum(math.perm(k, t) for t in range(k + 1))


def launch_burst_states(k: int) -> int:
    """The states of launch-burst.pml without partial-order reduction (-DNOREDUCE).

    While happenings are applied (every lane still at its start guard), a state is the set of
    happenings applied, 2^3k, refined by the order in which the applied transactions reached
    the store's channel: Σ_t C(k,t)·t!·2^k·2^k = A(k)·4^k, with A(k) = Σ_t k!/(k−t)!. Once all
    are applied, a scene or flush lane is at its guard or past it with p = 0…k jobs done
    (k + 2 states each), and the store lane at its guard (k! orders in the channel) or past it
    with the set of the p ids done and the order of the rest: Σ_p C(k,p)·(k−p)! = A(k). The k!
    states with all applied and every lane at its guard are in both parts."""
    prefixes = ordered_prefixes(k)
    return prefixes * 4**k + (math.factorial(k) + prefixes) * (k + 2) ** 2 - math.factorial(k)


def launch_burst_schedules(k: int) -> int:
    """racelab's closed form: (3k)! delivery orders × (3k)!/(k!)³ interleavings of the lanes."""
    n = 3 * k
    return math.factorial(n) * (math.factorial(n) // math.factorial(k) ** 3)
