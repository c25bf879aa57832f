/**
 * Figure 12 (issue 22): how long each screen takes to show its own content, in Debian's headless Chromium
 * through the gateway, cold (a fresh context) and warm (the same context loading it again), on localhost and on
 * an emulated slow 4G network; and the round trips after the HTML the content waited on. The baseline is the
 * sign-in page, server-rendered HTML through the same gateway, loaded alternately with the screens.
 */
import type { Browser } from 'playwright-core';
import { demoAccounts } from '@app/demo-fixtures';
import { launchChromium, newContext } from '../scripts/test/support/browser.js';
import { sizes } from './config.js';
import type { Figure } from './report.js';
import {
  loadScreen,
  watchedPage,
  type ContentSpec,
  type NetworkConditions,
  type ScreenLoad,
} from './screen-load.js';
import { signIn } from './sign-in.js';
import { median } from './stats.js';

interface Screen {
  path: string;
  /** Who is signed in: the demo customer (Casey), the demo admin, or nobody. */
  as: 'visitor' | 'customer' | 'admin';
  content: ContentSpec;
}

/** Each screen's own content: what only its data draws, never the skeleton (ContentSpec). */
const screens: readonly Screen[] = [
  { path: '/', as: 'visitor', content: { heading: 'Multi-Tenant SaaS Management' } },
  {
    path: '/catalog',
    as: 'visitor',
    content: { heading: 'Product Catalog', ready: 'ul[aria-label="Products"] > li' },
  },
  // The four summary cards' three reads (no skeleton left) and the subscriptions' note.
  { path: '/dashboard', as: 'customer', content: { heading: 'Dashboard', text: 'total services' } },
  {
    path: '/admin',
    as: 'admin',
    content: { heading: 'Admin Dashboard', ready: 'ul[aria-label="Tenants"] > li' },
  },
  {
    path: '/admin-portal',
    as: 'admin',
    content: { heading: 'Admin Portal', ready: 'ul[aria-label="Users"] > li' },
  },
];

const signInPage: Screen = {
  path: '/api/login',
  as: 'visitor',
  content: { heading: 'Welcome back', ready: 'button[type="submit"]' },
};

const networks: ReadonlyArray<{ name: string; conditions: NetworkConditions | null }> = [
  { name: 'localhost', conditions: null },
  // Issue 22's slow 4G: 150 ms latency, 1.6 Mbps down, 750 kbps up.
  {
    name: 'slow 4G',
    conditions: { latencyMs: 150, downloadBytesPerSecond: 1_600_000 / 8, uploadBytesPerSecond: 750_000 / 8 },
  },
];

interface Samples {
  cold: ScreenLoad[];
  warm: ScreenLoad[];
}

type Cookies = Record<Screen['as'], string | null>;

/** A fresh context: the screen loaded cold, then, once its network is idle, loaded again warm. */
async function coldThenWarm(
  browser: Browser,
  gatewayUrl: string,
  screen: Screen,
  network: NetworkConditions | null,
  cookies: Cookies,
): Promise<{ cold: ScreenLoad; warm: ScreenLoad }> {
  const context = await newContext(browser);
  try {
    const cookie = cookies[screen.as];
    if (cookie) {
      const [name = '', value = ''] = cookie.split('=', 2);
      await context.addCookies([{ name, value, url: gatewayUrl }]);
    }
    const page = await watchedPage(context, screen.content, network);
    const url = `${gatewayUrl}${screen.path}`;
    const on = network ? ' on slow 4G' : '';
    const cold = await loadScreen(page, url).catch((error: unknown) => {
      throw new Error(`cold${on}: ${errorText(error)}`, { cause: error });
    });
    // What the screen loads after its content (the rest of its chunks) is cached too before the warm load.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const warm = await loadScreen(page, url).catch((error: unknown) => {
      throw new Error(`warm${on}: ${errorText(error)}`, { cause: error });
    });
    return { cold, warm };
  } finally {
    await context.close();
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function signedInCookies(gatewayUrl: string): Promise<Cookies> {
  const account = (email: string) => {
    const found = demoAccounts.find((candidate) => candidate.email === email);
    if (!found) throw new Error(`no demo account ${email}`);
    return signIn(gatewayUrl, found.email, found.demoPassword);
  };
  const [customer, admin] = await Promise.all([account('casey@demo.local'), account('admin@demo.local')]);
  return { visitor: null, customer: customer.cookie, admin: admin.cookie };
}

const key = (screen: Screen, network: string) => `${network} ${screen.path}`;

/** Figure 12 as three rows: slow 4G cold, localhost warm (the slowest screen each) and the most round trips. */
export async function measureTimeToContent(gatewayUrl: string): Promise<Figure[]> {
  const cookies = await signedInCookies(gatewayUrl);
  const browser = await launchChromium();
  const results = new Map<string, Samples>();
  try {
    for (let sample = 0; sample < sizes.timeToContent.samples; sample++) {
      // Every screen and the baseline once per round, alternated, so a busy moment of the machine hits them alike.
      for (const network of networks) {
        for (const screen of [signInPage, ...screens]) {
          const { cold, warm } = await coldThenWarm(browser, gatewayUrl, screen, network.conditions, cookies);
          const samples = results.get(key(screen, network.name)) ?? { cold: [], warm: [] };
          samples.cold.push(cold);
          samples.warm.push(warm);
          results.set(key(screen, network.name), samples);
        }
      }
    }
  } finally {
    await browser.close();
  }
  return figures(results);
}

interface Row {
  screen: Screen;
  ms: Record<'localhost cold' | 'localhost warm' | 'slow 4G cold' | 'slow 4G warm', number>;
  /** Median round trips after the HTML, slow 4G, cold and warm. */
  roundTrips: { cold: number; warm: number };
  requestsBeforeContent: number;
  /** Median KB on the wire before the content (slow 4G, cold; the HTML included). */
  kilobytesBeforeContent: number;
  /** The slow 4G cold chain of the median sample, by path. */
  chain: string[];
}

function rowOf(screen: Screen, results: ReadonlyMap<string, Samples>): Row {
  const of = (network: string) => {
    const samples = results.get(key(screen, network));
    if (!samples) throw new Error(`no samples of ${screen.path} on ${network}`);
    return samples;
  };
  const times = (loads: readonly ScreenLoad[]) => median(loads.map((load) => load.timeToContentMs));
  const slow = of('slow 4G');
  const trips = (loads: readonly ScreenLoad[]) => median(loads.map((load) => load.chain.length));
  const byTime = [...slow.cold].sort((a, b) => a.timeToContentMs - b.timeToContentMs);
  const typical = byTime[Math.floor(byTime.length / 2)];
  return {
    screen,
    ms: {
      'localhost cold': times(of('localhost').cold),
      'localhost warm': times(of('localhost').warm),
      'slow 4G cold': times(slow.cold),
      'slow 4G warm': times(slow.warm),
    },
    roundTrips: { cold: trips(slow.cold), warm: trips(slow.warm) },
    requestsBeforeContent: median(slow.cold.map((load) => load.requestsBeforeContent)),
    kilobytesBeforeContent: median(slow.cold.map((load) => load.bytesBeforeContent)) / 1024,
    chain: (typical?.chain ?? []).map((step) => new URL(step.url).pathname),
  };
}

function table(rows: readonly Row[]): string[] {
  const cells = (row: Row) => [
    row.screen.path,
    ...Object.values(row.ms).map((ms) => `${Math.round(ms)} ms`),
    String(row.requestsBeforeContent),
    `${row.kilobytesBeforeContent.toFixed(1)} KB`,
    `${row.roundTrips.cold} / ${row.roundTrips.warm}`,
  ];
  return [
    '| screen | localhost cold | localhost warm | slow 4G cold | slow 4G warm | requests before content | on the wire before content | round trips after the HTML (cold / warm) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${cells(row).join(' | ')} |`),
  ];
}

function figures(results: ReadonlyMap<string, Samples>): Figure[] {
  const rows = screens.map((screen) => rowOf(screen, results));
  const baseline = rowOf(signInPage, results);
  const slowest = (column: keyof Row['ms']) =>
    rows.reduce((worst, row) => (row.ms[column] > worst.ms[column] ? row : worst));
  const coldest = slowest('slow 4G cold');
  const warmest = slowest('localhost warm');
  const mostTrips = rows.reduce((worst, row) => (row.roundTrips.cold > worst.roundTrips.cold ? row : worst));
  const samples = sizes.timeToContent.samples;
  return [
    {
      name: '12a. time to content, slow 4G cold (slowest screen)',
      value: coldest.ms['slow 4G cold'],
      baseline: baseline.ms['slow 4G cold'],
      unit: 'ms',
      target: { on: 'value', atMost: 1_500 },
      notes: [
        `slowest: ${coldest.screen.path}; median of ${samples} loads each, baseline (the sign-in page) alternated:`,
        ...table([...rows, baseline]),
        'slow 4G: CDP network emulation, 150 ms latency, 1.6 Mbps down, 750 kbps up; cold: a fresh context;',
        "warm: the same context loading the screen again once its network was idle. Content: the screen's own",
        'data drawn in its <main> (bench/time-to-content.ts), on screen at the next animation frame.',
      ],
    },
    {
      name: '12b. time to content, localhost warm (slowest screen)',
      value: warmest.ms['localhost warm'],
      baseline: baseline.ms['localhost warm'],
      unit: 'ms',
      target: { on: 'value', atMost: 300 },
      notes: [`slowest: ${warmest.screen.path}; every screen in 12a's table`],
    },
    {
      name: '12c. round trips after the HTML (most, slow 4G cold)',
      value: mostTrips.roundTrips.cold,
      baseline: baseline.roundTrips.cold,
      unit: 'requests',
      target: { on: 'value', atMost: 3 },
      notes: [
        'requests one after another between the HTML and the content (bench/critical-path.ts), median; per screen:',
        ...rows.map((row) => `${row.screen.path}: ${row.chain.join(' → ') || 'none'}`),
      ],
    },
  ];
}
