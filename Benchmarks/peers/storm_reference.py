#!/usr/bin/env python3
"""Closed-form oracle for the racelab "storm" workload (no simulation).

Workload: N tasks on one lane, all started at t = 0. Task i sleeps
d_i = 1 + ((x_{i+1} >> 33) mod 1000) ms ten times in a row, where x_0 = 42 and
x_{i+1} = x_i * 6364136223846793005 + 1442695040888963407 (mod 2^64).
So task i's k-th sleep (k = 1..10) completes at k * d_i ms.
A controller (started after all N tasks) sleeps 2500 ms, then cancels every
task with i % 7 == 0.

Tie rule (Swift `Task.sleep` semantics, as in the racelab kernel): the
controller's timer was registered at t = 0, before every timer due at 2500 ms,
so it runs first at 2500 ms. For a cancelled task:
  * a sleep completing at <= 2500 ms counts as completed (a sleep due exactly
    at 2500 ms had its timer fire already; the cancel only sets a flag);
  * a sleep due after 2500 ms is interrupted and does not count;
  * the cancellation is delivered (counted) iff the task had not finished when
    the controller ran, i.e. iff its 10th sleep completes at >= 2500 ms.

events   = completed sleeps + delivered cancellations
checksum = sum of the completion times (ms) of all completed sleeps, mod 2^64
"""

from __future__ import annotations

import argparse
import json

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


def storm_reference(tasks: int) -> tuple[int, int]:
    """Return (events, checksum) of the storm workload for `tasks` tasks."""
    events = 0
    checksum = 0
    for i, d in enumerate(storm_durations(tasks)):
        completion_times = [k * d for k in range(1, SLEEPS_PER_TASK + 1)]
        if i % CANCEL_STRIDE == 0:
            completed = [t for t in completion_times if t <= CANCEL_AT_MS]
            if completion_times[-1] >= CANCEL_AT_MS:
                events += 1  # cancellation delivered
        else:
            completed = completion_times
        events += len(completed)
        checksum += sum(completed)
    return events, checksum & MASK64


def main() -> None:
    parser = argparse.ArgumentParser(description="Closed-form storm oracle")
    parser.add_argument("--tasks", type=int, required=True)
    args = parser.parse_args()
    events, checksum = storm_reference(args.tasks)
    print(json.dumps({"checksum": checksum, "events": events}, sort_keys=True))


if __name__ == "__main__":
    main()
