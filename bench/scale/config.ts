/**
 * `npm run bench:scale`'s settings (bench/README.md "Scale benchmark"): what it takes from the environment, read
 * and validated once here (STYLE.md: one file reads process.env), and the fixed shape of the data it grows.
 */
import { z } from 'zod';
import { loadBenchConfig } from '../config.js';

const sizeList = z
  .string()
  .transform((text) => text.split(',').map((part) => Number(part.trim())))
  .pipe(
    z
      .array(
        z
          .number({ error: 'each size must be a number' })
          .int('each size must be a whole number of tenants')
          // The measured customer owns every 100th tenant: fewer than 100 would give them none.
          .min(100, 'each size must be at least 100 tenants')
          .max(1_000_000, 'each size must be at most 1,000,000 tenants'),
      )
      .min(1)
      .refine((sizes) => sizes.every((size, index) => index === 0 || size > (sizes[index - 1] ?? 0)), {
        message: 'sizes must increase, such as 1000,10000,100000 (each grows the one before)',
      }),
  );

const onOff = z.enum(['on', 'off'], { error: 'must be on or off' });

const scaleEnvironment = z.object({
  /** Tenant counts, measured in turn; each grows the data of the one before. */
  SCALE_SIZES: sizeList.default([1_000, 10_000, 100_000]),
  /**
   * Sequential requests per API measurement. A thousand, so a p99 is the tenth slowest: of 200 it was the second,
   * and two hiccups of the 2-core machine (a tick, a collection) in one probe's turns moved it by ×2 at 10 ms.
   */
  SCALE_SAMPLES: z.coerce.number().int().min(10).max(10_000).default(1_000),
  /** …or fewer, once its requests have taken this long in all (an unpaged list at 100k answers in seconds). */
  SCALE_SAMPLE_SECONDS: z.coerce.number().min(1).max(600).default(20),
  /** How many `next` links a deep-page measurement follows before it times the page it reached. */
  SCALE_DEEP_PAGES: z.coerce.number().int().min(1).max(200).default(20),
  /** Page loads per screen and size, each in a fresh browser context, after one warm-up. */
  SCALE_BROWSER_SAMPLES: z.coerce.number().int().min(1).max(50).default(5),
  /** How long one loading phase may take to be caught up with before the run measures anyway. */
  SCALE_CATCH_UP_MINUTES: z.coerce.number().min(1).max(600).default(60),
  /** off: start the deployables as they are in dist/ (after a build of your own), skipping `npm run build`. */
  SCALE_BUILD: onOff.default('on'),
  /** off: skip the rebuild of every read model at the largest size. */
  SCALE_REBUILD: onOff.default('on'),
  /** on: keep the bench database when the run ends (not when interrupted), to look into a figure afterwards. */
  SCALE_KEEP: onOff.default('off'),
});

export interface ScaleConfig {
  databaseUrl: string;
  natsUrl: string;
  /** PATH for the processes the bench starts; nothing else of the caller's environment reaches them. */
  path: string;
  /** The whole environment, for `npm run build` only. */
  buildEnv: Record<string, string>;
  sizes: readonly number[];
  samples: number;
  sampleSeconds: number;
  deepPages: number;
  browserSamples: number;
  catchUpMs: number;
  build: boolean;
  rebuild: boolean;
  keep: boolean;
}

export function loadScaleConfig(env: Record<string, string | undefined> = process.env): ScaleConfig {
  const parsed = scaleEnvironment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid bench:scale environment:\n${problems.join('\n')}`);
  }
  const scale = parsed.data;
  const { databaseUrl, natsUrl, path, buildEnv } = loadBenchConfig(env);
  return {
    databaseUrl,
    natsUrl,
    path,
    buildEnv,
    sizes: scale.SCALE_SIZES,
    samples: scale.SCALE_SAMPLES,
    sampleSeconds: scale.SCALE_SAMPLE_SECONDS,
    deepPages: scale.SCALE_DEEP_PAGES,
    browserSamples: scale.SCALE_BROWSER_SAMPLES,
    catchUpMs: scale.SCALE_CATCH_UP_MINUTES * 60_000,
    build: scale.SCALE_BUILD === 'on',
    rebuild: scale.SCALE_REBUILD === 'on',
    keep: scale.SCALE_KEEP === 'on',
  };
}

/**
 * The data at N tenants (issue 18: "tenants with 3 subscriptions each, 20k users, 2k products, their invoices
 * and usage"). Users grow with the tenants, five tenants per user, so 20,000 users at 100,000 tenants and 200 at
 * 1,000; the catalogue is its full 2,000 products from the first size on.
 */
export const shape = {
  tenantsPerUser: 5,
  products: 2_000,
  subscriptionsPerTenant: 3,
  /** The measured customer (the demo's Casey) owns every 100th tenant, so their own lists grow too. */
  measuredCustomerEvery: 100,
  /** Days of usage per user, ending today. */
  usageDays: 30,
  /** Tenants are spread over this many days before the run, oldest first, so none is due a renewal yet. */
  timelineDays: 25,
} as const;

/** How the loader writes: streams per statement of the store's own append function, statements in flight. */
export const loading = {
  streamsPerStatement: 500,
  concurrency: 2,
  /** Catch-up is polled this often. */
  pollMs: 500,
} as const;

/** The issue's targets ("Done when"), printed beside every measurement. */
export const targets = {
  /** p99 at the largest size ÷ p99 at the smallest, at most. */
  p99Growth: 1.5,
  /** p99 at the largest size, at most. */
  p99Ms: 50,
  /** Any answer, decoded, at most. */
  responseBytes: 256 * 1024,
  /** Time to first row ÷ the same screen's at demo size, at most. */
  firstRowGrowth: 1.2,
  /** Elements on a measured screen, fewer than. */
  domElements: 5_000,
  /** Every read model's rebuild, at least. */
  rebuildEventsPerSecond: 20_000,
} as const;
