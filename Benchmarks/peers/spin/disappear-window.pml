/*
 * scenarios/review-prompt/explore/disappear-window-{original,cancel-guard}.yaml for SPIN.
 *
 * At 0s the player has won (wins 4 -> 5, so the review becomes pending) and the completion
 * screen shows; both are due at that instant and are applied in either order. When the screen
 * shows with the review pending, it starts T1, whose first step is a job of its own (C5): T1
 * sleeps 2s. The screen disappears at some instant of 1.5s..2.5s. SPIN has no clock, so the
 * window is cut into the pieces that order it against the only other due instant, T1's timer
 * at 2s: before it, at it (the two happenings applied in either order) or after it. Without a
 * timer the arrival is ordered against nothing. The disappear's transition ends 350ms later,
 * after everything else in every piece. One serial lane, main, runs the jobs in FIFO order,
 * each atomic, once the happenings of the instant are applied (C2, C3).
 *
 * The two invariants are assertions; build with -DCANCEL_GUARD for the cancel-guard variant
 * (guard !Task.isCancelled after the sleep, and fire also requires the scene to be
 * foreground-active, which it is throughout). With -DOUTCOMES the invariants are recorded
 * instead, and every end of the run prints its outcome and fails an assertion, so that
 * `pan -c0 -e` leaves one trail per reachable end state (spin -t replays it and prints it).
 */

mtype = { gameWon, screenShow, t1Start, t1Resume, screenDisappear, transitionEnds };

chan main = [4] of { mtype };

byte wins = 4;
bool pending;
bool screenShowing;
bool windowAttached;
bool presenterAlive;
bool taskScheduled;   /* the controller's handle on T1 */
bool t1Started;       /* T1 exists, so it was captured with the presenter */
bool t1Cancelled;
bool timerPending;    /* T1 asleep, its timer due at 2s */
bool sleepThrew;      /* a cancel found T1 asleep: the resumption throws (S3) */
bool transitionPending;
byte attempts;
byte requests;
byte shown;
bool firedAfterCancel;      /* no-fire-after-cancel broken */
bool attemptWhileHidden;    /* attempt-while-visible broken */

/* An invariant is an assertion, or with -DOUTCOMES a flag the outcome reports. */
#ifdef OUTCOMES
#define invariant(broken, holds) if :: !(holds) -> broken = true :: else fi
#else
#define invariant(broken, holds) assert(holds)
#endif

/* The lane has run everything queued: jobs are atomic, so an empty queue means idle. */
#define idle empty(main)

inline fire() {
  taskScheduled = false;
  invariant(firedAfterCancel, !t1Cancelled);
  if
  :: presenterAlive && t1Started && windowAttached ->
     invariant(attemptWhileHidden, screenShowing);
     attempts++;
     pending = false;
     requests++;
     shown++   /* App Store, foreground-active, none shown this year */
  :: else
  fi
}

active proctype mainLane() {
  mtype job;
end:
  do
  :: atomic {
       main?job ->
       if
       :: job == gameWon ->
          wins++;
          pending = wins >= 3   /* never attempted, this version never prompted */
       :: job == screenShow ->
          presenterAlive = true;
          windowAttached = true;
          screenShowing = true;
          if
          :: pending && !taskScheduled -> taskScheduled = true; main!t1Start
          :: else
          fi
       :: job == t1Start -> t1Started = true; timerPending = true
       :: job == screenDisappear ->
          screenShowing = false;
          if
          :: taskScheduled ->
             t1Cancelled = true;
             taskScheduled = false;
             if
             :: timerPending -> timerPending = false; sleepThrew = true; main!t1Resume  /* S3 */
             :: else  /* S5: the sleep has returned, only the flag is set */
             fi
          :: else
          fi;
          transitionPending = presenterAlive && windowAttached
       :: job == t1Resume ->
          if
          :: sleepThrew  /* catch -> return */
#ifdef CANCEL_GUARD
          :: !sleepThrew && t1Cancelled  /* guard !Task.isCancelled */
          :: !sleepThrew && !t1Cancelled -> fire()
#else
          :: !sleepThrew -> fire()
#endif
          fi
       :: job == transitionEnds -> windowAttached = false
       fi;
       job = 0
     }
  od
}

inline disappear() { main!screenDisappear }
inline timerFires() { timerPending = false; main!t1Resume }  /* S4 */

init {
  /* 0s: the two scripted happenings, applied one at a time in either order */
  if
  :: atomic { main!gameWon; main!screenShow }
  :: atomic { main!screenShow; main!gameWon }
  fi;
  idle;
  /* 1.5s..2.5s against T1's timer at 2s */
  if
  :: timerPending ->
     if
     :: disappear(); idle  /* before 2s: the cancel finds T1 asleep and discards its timer */
     :: atomic { disappear(); timerFires() }; idle     /* at 2s, the disappear applied first */
     :: atomic { timerFires(); disappear() }; idle     /* at 2s, the timer first */
     :: atomic { timerFires() }; idle; disappear(); idle  /* after 2s */
     fi
  :: else -> disappear(); idle
  fi;
  /* 350ms after the disappear */
  if
  :: transitionPending -> transitionPending = false; main!transitionEnds; idle
  :: else
  fi;
#ifdef OUTCOMES
  printf("OUTCOME cooldownConsumed=%d attempts=%d reviewRequests=%d reviewsShown=%d",
         attempts > 0, attempts, requests, shown);
  printf(" pending=%d no-fire-after-cancel=%d attempt-while-visible=%d\n",
         pending, firedAfterCancel, attemptWhileHidden);
  assert(false)
#endif
}
