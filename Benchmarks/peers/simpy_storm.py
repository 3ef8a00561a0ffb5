#!/usr/bin/env python3
"""SimPy peer for the racelab "storm" benchmark workload.

Workload: N tasks on one lane, all started at t = 0. Task i sleeps
d_i = 1 + ((x_{i+1} >> 33) mod 1000) ms ten times in a row, where x_0 = 42 and
x_{i+1} = x_i * 6364136223846793005 + 1442695040888963407 (mod 2^64). A
controller process (started after all N tasks) sleeps 2500 ms, then cancels
every task with i % 7 == 0; a cancelled task stops at once.

events   = sleeps completed + cancellations delivered (a cancellation is
           delivered iff the task had not finished when the controller ran)
checksum = sum of the virtual completion times (ms) of completed sleeps, mod 2^64

Tie rule (racelab follows Swift's real `Task.sleep` semantics): at one
instant, timers apply in the order they were registered. The controller's
timer was registered at t = 0, before every timer due at 2500 ms, so the
controller runs first at 2500 ms. A task whose sleep is due exactly at 2500 ms
has already had its timer fire: the late cancel only sets a flag, so that
sleep COUNTS as completed (at 2500), the cancellation is delivered, and the
task stops before any further sleep. A task whose sleep is due after 2500 ms is
interrupted: the sleep does not count, the cancellation is delivered. A task
whose 10th sleep completes exactly at 2500 ms is still unfinished when the
controller runs, so its cancellation is delivered too.

How this script reproduces the rule in SimPy: the controller's
`env.timeout(2500)` is created at t = 0, so its event id is smaller than that
of any task timeout due at 2500 ms (those are created later), and SimPy
processes same-time, same-priority events in event-id order, so the controller
runs first at 2500 ms, exactly as in racelab. A task timeout due at 2500 ms is
still pending in the queue at that point, so `Process.is_alive` is true and the
cancellation is counted as delivered. SimPy, however, would then throw the
`Interrupt` into that task (the interruption is URGENT and pre-empts the
pending NORMAL-priority timeout at the same instant), i.e. it would discard a
sleep that Swift counts. To mirror Swift, the task's `Interrupt` handler counts
the interrupted sleep as completed when `env.now` equals that sleep's due time,
and then stops. Times are integer milliseconds, so the comparison is exact.

Timing: `seconds` is the median over R runs (after one untimed warm-up) of
time.perf_counter() around `env.run()` only; building the Environment and
registering the N + 1 processes, interpreter start-up and imports are outside
the timed region.

Usage: simpy_storm.py --tasks N [--repeat R]
Prints one JSON object with sorted keys.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import time
from collections.abc import Generator
from typing import Any

import simpy

MASK64: int = (1 << 64) - 1
MULTIPLIER: int = 6364136223846793005
INCREMENT: int = 1442695040888963407
SLEEPS_PER_TASK: int = 10
CANCEL_AT_MS: int = 2500
CANCEL_STRIDE: int = 7


def storm_durations(tasks: int) -> list[int]:
    """Sleep duration in ms of each task; task i uses x_{i+1}."""
    durations: list[int] = []
    x = 42
    for _ in range(tasks):
        x = (x * MULTIPLIER + INCREMENT) & MASK64
        durations.append(1 + ((x >> 33) % 1000))
    return durations


class Totals:
    """Event counters shared by all processes of one run."""

    __slots__ = ("completed", "checksum", "delivered")

    def __init__(self) -> None:
        self.completed: int = 0
        self.checksum: int = 0
        self.delivered: int = 0


def storm_task(
    env: simpy.Environment, duration_ms: int, totals: Totals
) -> Generator[simpy.Event, Any, None]:
    """Sleep `duration_ms` ten times; on cancellation stop at once."""
    completed = 0
    checksum = 0
    due = 0
    try:
        for _ in range(SLEEPS_PER_TASK):
            due = env.now + duration_ms
            yield env.timeout(duration_ms)
            completed += 1
            checksum += env.now
    except simpy.Interrupt:
        # Swift tie rule: a sleep whose timer is due at the cancel instant has
        # already returned when the (earlier-registered) controller cancels.
        if env.now == due:
            completed += 1
            checksum += env.now
    totals.completed += completed
    totals.checksum += checksum


def controller(
    env: simpy.Environment, tasks: list[simpy.Process], totals: Totals
) -> Generator[simpy.Event, Any, None]:
    """Sleep 2500 ms, then cancel every 7th task that has not finished."""
    yield env.timeout(CANCEL_AT_MS)
    for i in range(0, len(tasks), CANCEL_STRIDE):
        process = tasks[i]
        if process.is_alive:
            process.interrupt("cancel")
            totals.delivered += 1


def run_once(durations: list[int]) -> tuple[int, int, float]:
    """Build and run one simulation; return (events, checksum, seconds)."""
    env = simpy.Environment()
    totals = Totals()
    tasks = [env.process(storm_task(env, d, totals)) for d in durations]
    env.process(controller(env, tasks, totals))
    start = time.perf_counter()
    env.run()
    seconds = time.perf_counter() - start
    events = totals.completed + totals.delivered
    return events, totals.checksum & MASK64, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description="SimPy storm benchmark peer")
    parser.add_argument("--tasks", type=int, required=True)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if args.tasks < 0 or args.repeat < 1:
        parser.error("--tasks must be >= 0 and --repeat >= 1")

    durations = storm_durations(args.tasks)
    events, checksum, _ = run_once(durations)  # warm-up, untimed
    timings: list[float] = []
    for _ in range(args.repeat):
        run_events, run_checksum, seconds = run_once(durations)
        if (run_events, run_checksum) != (events, checksum):
            raise SystemExit("storm: nondeterministic result across runs")
        timings.append(seconds)

    median = statistics.median(timings)
    result = {
        "workload": "storm",
        "implementation": "simpy",
        "tasks": args.tasks,
        "events": events,
        "checksum": checksum,
        "seconds": median,
        "rate": events / median if median > 0 else 0.0,
        "peakMemoryBytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
    }
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
