/**
 * When the launcher restarts a crashed process (README "Two commands"): after 1 s, then 2 s, 4 s, … doubling,
 * up to `maxAttempts` restarts in a row; one more crash and it gives up. A process that stayed up for
 * `stableAfterMs` before it exited starts a new count, so an occasional crash never adds up to giving up.
 */
export interface RestartPolicy {
  firstDelayMs: number;
  maxAttempts: number;
  stableAfterMs: number;
}

export type RestartDecision = { restart: true; attempt: number; delayMs: number } | { restart: false };

/** `previousAttempt`: the attempt that started the process which has now exited (0: its first start). */
export function decideRestart(
  policy: RestartPolicy,
  previousAttempt: number,
  ranForMs: number,
): RestartDecision {
  const attempt = ranForMs >= policy.stableAfterMs ? 1 : previousAttempt + 1;
  if (attempt > policy.maxAttempts) return { restart: false };
  return { restart: true, attempt, delayMs: policy.firstDelayMs * 2 ** (attempt - 1) };
}
