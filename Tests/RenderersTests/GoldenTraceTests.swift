import Renderers
import Testing

/// Pins one complete trace, so every change to the golden format is deliberate.
@Suite struct GoldenTraceTests {
  @Test func happyPathOriginal() {
    var builder = ReportBuilder.wonAndShown()
    builder.expected = [
      ("cooldown-consumed", "cooldownConsumed", "true"), ("attempts", "attempts", "1"),
      ("pending", "pending", "false"),
    ]
    #expect(
      TextTraceRenderer.render(builder.report()) == """
        racelab · review-prompt · runtime swift · variant original
        scenario happy-path — "won, shown, nothing else"
        start 2026-08-15 21:00:00 +09:00 (epoch day 20680) · app 1.4.0 · wins 4 · never prompted
        state completion-screen not showing

                time  #  lane  what happens
              0.000s  1  main  game-won                   wins 4 → 5 · eligible (wins ≥ 3, never attempted, version 1.4.0 not yet prompted) → pending
              0.000s  2  main  screen-show                completion screen shown · pending → schedule T1 (holds the presenter weakly)
                                                          T1 created (deferred review request) · first step queued on main (C5: a new task starts in a job of its own, after the current one)
                                                          completion-screen not showing → visible
              0.000s  3  main  T1 starts                  sleep 2.000s → timer #1 due at 2.000s (S2: the task suspends until the timer fires)
              2.000s  1  ·     timer #1 fires             T1's sleep completed (S4: the timer completes the sleep; the task goes on when its lane runs it) · continuation queued, runs next
              2.000s  2  main  T1 resumes                 sleep returned normally · isCancelled = false
                                                          T1 calls fire
              2.000s     main  T1 fire                    presenter ✓ · window ✓ (attached)
                                                          ATTEMPT RECORDED · day 20680 · 1.4.0 → cooldown consumed
                                                          requestReview → system shows the prompt (1 of 3 this year)
                                                          T1 ends · returned

        COOLDOWN CONSUMED — 1 attempt (1.4.0), 1 request, 1 shown, pending false
        broken: none
        expect cooldown-consumed: true ✓
        expect attempts: 1 ✓
        expect pending: false ✓
        expectations: all 3 hold

        """)
  }
}
