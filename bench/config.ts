/**
 * Everything the bench takes from its environment, read once here (STYLE.md: one file reads process.env), and
 * the sizes of each measurement. Sizes are chosen so the whole run stays under about two minutes on a 2-core
 * machine while every sample count is large enough for its statistic (p99 needs a few hundred samples).
 */
export interface BenchConfig {
  /** Server URL; the bench creates (and drops) a database of its own on it. */
  databaseUrl: string;
  natsUrl: string;
  /** PATH for the services the bench starts; nothing else of the caller's environment reaches them. */
  path: string;
  /** The whole environment, for `npm run build` only (npm needs its own variables). */
  buildEnv: Record<string, string>;
  /** BENCH_FIGURES=2,5: measure only these figures (by number); absent: all of them. */
  figures: ReadonlySet<number> | null;
  /** BENCH_BUILD=off: start what dist/ holds instead of running `npm run build` first. */
  build: boolean;
}

export function loadBenchConfig(env: Record<string, string | undefined> = process.env): BenchConfig {
  return {
    databaseUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    natsUrl: env.NATS_URL || 'nats://127.0.0.1:4222',
    path: env.PATH ?? '',
    figures: figuresFrom(env.BENCH_FIGURES),
    build: buildFrom(env.BENCH_BUILD),
    buildEnv: Object.fromEntries(
      Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  };
}

function buildFrom(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`BENCH_BUILD must be on or off; got "${value}"`);
}

function figuresFrom(value: string | undefined): ReadonlySet<number> | null {
  if (!value?.trim()) return null;
  const numbers = value.split(',').map((part) => Number(part.trim()));
  if (numbers.some((number) => !Number.isInteger(number) || number < 1)) {
    throw new Error(`BENCH_FIGURES must be figure numbers separated by commas, such as 2,5; got "${value}"`);
  }
  return new Set(numbers);
}

export const sizes = {
  /** Figure 11: page loads per page, each in a fresh browser context. */
  pageLoad: { samples: 7 },
  /** Figure 12: loads per screen and network, each a fresh context loading it cold, then warm. */
  timeToContent: { samples: 5 },
  append: {
    /** Single-event appends (and as many raw inserts), split over alternating rounds. */
    count: 4_000,
    rounds: 4,
    warmUp: 100,
    /** Appends cycle over this many streams, each with its expected revision (the command path). */
    streams: 20,
  },
  /** Figures 2 and 5: autocannon against the gateway. */
  proxy: {
    connections: 10,
    warmUpSeconds: 1,
    durationSeconds: 5,
    /** A/B pairs; each side's figure is the median of its runs. */
    pairs: 2,
  },
  visibility: {
    /** Commands sent: half create a product, half patch the one just created. */
    commands: 400,
    pollDeadlineMs: 5_000,
  },
  /** Figure 6: a catalogue rename until tenancy's subscription list shows it. */
  crossService: {
    /** Renames measured; each is followed by one rename read back from the catalog itself (the baseline). */
    renames: 100,
    /** Tenancy is read this often while it lags; catalog's own read-back polls back to back, as figure 3. */
    pollIntervalMs: 2,
    pollDeadlineMs: 10_000,
    /** Tenancy first has to catch up with every product event before the bench's product is in its copy. */
    catchUpDeadlineMs: 60_000,
  },
  /** Figure 7: figure 2's connections (`proxy`), then the customer's usage must reach NATS. */
  meteringCost: {
    /** Both gateways are fresh (it runs before figure 2): a longer warm-up than figure 2's. */
    warmUpSeconds: 3,
    /** Runs with both gateways loaded at once; medians. */
    durationSeconds: 4,
    runs: 5,
    /** The gateway publishes every 5 s (USAGE_FLUSH_INTERVAL_MS default); wait that and some. */
    publishDeadlineMs: 15_000,
  },
  /** Figure 8: the gateway's meter and flusher alone, publishing to JetStream under sustained load. */
  meteringThroughput: {
    /** Distinct customers calling, round-robin: 50,000 fill ten 5,000-entry batches per flush. */
    users: 50_000,
    seconds: 4,
    /** Shorter than the 5 s default so each run spans several flushes of full-size batches. */
    flushIntervalMs: 1_000,
    /** Calls recorded between two turns of the event loop, where the flusher's publishes and acks run. */
    callsPerTurn: 1_000,
    /** Baseline-then-metered rounds; medians. */
    rounds: 2,
  },
  rebuild: {
    products: 2_000,
    /** Events per product stream, appended in one multi-event append: 2,000 × 15 = 30,000 events. */
    eventsPerProduct: 15,
    appendConcurrency: 4,
    /** Rows per transaction of the raw baseline, the same as rebuildProjection's default batch. */
    baselineBatch: 1_000,
    /** Baseline-then-rebuild rounds; a rebuild of 30,000 events takes well under a second, so a few. */
    rounds: 3,
  },
  /** Figure 13: billing's copy of tenancy draining a backlog, batched and one message at a time. */
  catchUp: {
    /** Each with its creation and `subscriptionsPerTenant` starts: 2,500 × 4 = 10,000 messages. */
    tenants: 2_500,
    subscriptionsPerTenant: 3,
    /** Baseline-then-batched rounds; one at a time, a round takes about half a minute. */
    rounds: 1,
    drainDeadlineMs: 300_000,
  },
} as const;
