/*
 * The launch-burst family (scenarios/scale/launch-burst.model.yaml) for SPIN.
 *
 * K transactions, K scene notifications and K flushes are due at one instant. Each is a
 * happening process: applying it puts one job on its actor's serial lane (a channel), and SPIN
 * interleaves the 3K happening processes, so they are applied one at a time in every order.
 * Happening h stands for the h-th line of the scenario's timeline (transaction, scene, flush,
 * transaction, ...), so h mod 3 is its lane and transaction h/3 + 1 is the one it redelivers.
 * As in racelab (semantics.md, C2 and C3), the lanes run only once every happening of the
 * instant is applied; then each lane's process runs its jobs in FIFO order, each job atomic,
 * and SPIN interleaves the three lanes. finished-once is an assertion in the store's job.
 *
 * Build: spin -DK=5 -a launch-burst.pml; gcc -O2 -DSAFETY -o pan pan.c (add -DNOREDUCE for
 * the unreduced state space whose size Benchmarks/peers/spin/spin_peer.py predicts).
 */

#ifndef K
#define K 3
#endif
#define N (3 * K)

chan store = [K] of { byte };     /* the id of the transaction to finish */
chan app = [K] of { bit };        /* a scene notification carries nothing */
chan analytics = [K] of { bit };  /* neither does a flush */
byte applied;                     /* happenings applied so far */

active [N] proctype happening() {
  atomic {
    if
    :: _pid % 3 == 0 -> store!(_pid / 3 + 1)
    :: _pid % 3 == 1 -> app!0
    :: _pid % 3 == 2 -> analytics!0
    fi;
    applied++
  }
}

active proctype storeLane() {
  byte id;
  byte finished;
  byte recorded[K + 1];  /* transaction-finished records per id; index 0 unused */
  xr store;
  applied == N;
end:
  do
  :: atomic {
       store?id ->
       finished++;
       recorded[id]++;
       assert(recorded[id] <= 1);  /* finished-once */
       id = 0                      /* the job's local ends with the job */
     }
  od
}

active proctype appLane() {
  byte scenes;
  xr app;
  applied == N;
end:
  do
  :: atomic { app?_ -> scenes++ }
  od
}

active proctype analyticsLane() {
  byte flushed;
  xr analytics;
  applied == N;
end:
  do
  :: atomic { analytics?_ -> flushed++ }
  od
}
