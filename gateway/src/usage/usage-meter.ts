/** The calls one gateway counted per user in [periodStart, periodEnd), epoch milliseconds. */
export interface UsageTally {
  periodStart: number;
  periodEnd: number;
  counts: ReadonlyMap<string, number>;
}

export interface UsageMeter {
  /** One call by `userId`: a clock read and a map update, on the request path of every metered call. */
  record(userId: string): void;
  /**
   * Hands over what was counted since the last drain and counts on in a fresh tally. Usually one tally; more when
   * a UTC month began meanwhile (see `createUsageMeter`); none when nothing was counted.
   */
  drain(): UsageTally[];
}

/**
 * The gateway's in-memory usage counter (ARCHITECTURE.md "Gateway": metering, batched). The tally is a plain
 * Map that `drain` swaps for a new one, so recording never waits on publishing and memory grows with the
 * number of users who called, not the number of calls. A tally is closed at each UTC month start: usage is
 * billed by calendar month, and a batch that straddled two months could not be put in either.
 */
export function createUsageMeter(now: () => number = Date.now): UsageMeter {
  let counts = new Map<string, number>();
  let periodStart = now();
  let closesAt = nextUtcMonthStart(periodStart);
  const closed: UsageTally[] = [];

  function close(at: number): void {
    if (counts.size > 0) closed.push({ periodStart, periodEnd: at, counts });
    counts = new Map();
    periodStart = at;
    closesAt = nextUtcMonthStart(at);
  }

  function closeEndedMonths(at: number): void {
    while (at >= closesAt) close(closesAt);
  }

  return {
    record(userId) {
      closeEndedMonths(now());
      counts.set(userId, (counts.get(userId) ?? 0) + 1);
    },
    drain() {
      const at = now();
      closeEndedMonths(at);
      // A clock stepped back must not produce a period that ends before it starts.
      close(Math.max(at, periodStart));
      return closed.splice(0);
    },
  };
}

function nextUtcMonthStart(epochMs: number): number {
  const date = new Date(epochMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}
