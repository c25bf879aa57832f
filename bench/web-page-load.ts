/**
 * Figures 10 and 11: the shell as a visitor's browser loads it from the gateway, in Debian's headless Chromium
 * (TOOLCHAIN.md), each sample in a fresh browser context so nothing is cached.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newContext } from '../scripts/test/support/browser.js';
import { sizes } from './config.js';
import type { Measurement } from './report.js';
import { median } from './stats.js';

const require = createRequire(import.meta.url);

/** Bytes after gzip at level 9, as bundle-size tools count them. */
function gzippedBytes(body: Buffer | string): number {
  return gzipSync(body, { level: 9 }).byteLength;
}

/**
 * React 19 and react-dom's client, production builds minified as a bundler would and gzipped: the floor any React
 * app pays before its own code, from node_modules in the same run.
 */
async function reactFloorBytes(): Promise<number> {
  const files = [
    ['react', 'cjs/react.production.js'],
    ['react-dom', 'cjs/react-dom-client.production.js'],
  ] as const;
  let total = 0;
  for (const [pkg, file] of files) {
    const folder = dirname(require.resolve(`${pkg}/package.json`));
    const { code } = await transform(await readFile(join(folder, file), 'utf8'), { minify: true });
    total += gzippedBytes(code);
  }
  return total;
}

/** Every script the page fetched until it was idle, gzipped; throws when one failed. */
async function scriptBytesOf(page: Page, url: string, ready: (page: Page) => Promise<void>) {
  const scripts: Promise<{ url: string; bytes: number }>[] = [];
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    if (!response.ok()) failed.push(`${response.url()} answered ${response.status()}`);
    else scripts.push(response.body().then((body) => ({ url: response.url(), bytes: gzippedBytes(body) })));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  if (failed.length > 0) throw new Error(`scripts failed to load: ${failed.join('; ')}`);
  return Promise.all(scripts);
}

const landingReady = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Multi-Tenant SaaS Management' }).waitFor();
const catalogueReady = (page: Page) =>
  page.getByRole('list', { name: 'Products' }).locator(':scope > li').first().waitFor();
const signInReady = (page: Page) => page.getByRole('button', { name: 'Sign in' }).waitFor();

/** Figure 10: the JavaScript a visitor's browser fetches to show the landing page. */
export async function measureShellJavaScript(gatewayUrl: string): Promise<Measurement> {
  const browser = await launchChromium();
  try {
    const context = await newContext(browser);
    const scripts = await scriptBytesOf(await context.newPage(), `${gatewayUrl}/`, landingReady);
    await context.close();
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const largest = [...scripts].sort((a, b) => b.bytes - a.bytes).slice(0, 3);
    return {
      value: total / 1024,
      baseline: (await reactFloorBytes()) / 1024,
      unit: 'KB gzip',
      target: { on: 'value', atMost: 150 },
      notes: [
        `${scripts.length} scripts fetched for / until the network was idle; largest: ` +
          largest
            .map((script) => `${new URL(script.url).pathname} ${(script.bytes / 1024).toFixed(1)} KB`)
            .join(', '),
        'baseline: react + react-dom client production builds alone, minified by esbuild, gzip -9',
      ],
    };
  } finally {
    await browser.close();
  }
}

/** The Largest Contentful Paint of `path` in a fresh context, in ms from navigation start. */
async function largestContentfulPaint(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<number> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await ready(page);
    // Chromium settles the LCP candidate on the frame after the content paints; buffered entries include it.
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

/**
 * Figure 11: the catalogue's LCP (the shell, the signed-out check, the product list), median over fresh
 * contexts; the baseline is the sign-in page, plain server-rendered HTML through the same gateway, alternated.
 */
export async function measureCatalogueLcp(gatewayUrl: string): Promise<Measurement> {
  const browser = await launchChromium();
  try {
    const catalogue: number[] = [];
    const signIn: number[] = [];
    await largestContentfulPaint(browser, `${gatewayUrl}/catalog`, catalogueReady);
    for (let sample = 0; sample < sizes.pageLoad.samples; sample++) {
      catalogue.push(await largestContentfulPaint(browser, `${gatewayUrl}/catalog`, catalogueReady));
      signIn.push(await largestContentfulPaint(browser, `${gatewayUrl}/api/login`, signInReady));
    }
    if ([...catalogue, ...signIn].some(Number.isNaN)) throw new Error('Chromium reported no LCP entry');
    return {
      value: median(catalogue),
      baseline: median(signIn),
      unit: 'ms',
      target: { on: 'value', atMost: 1_000 },
      notes: [
        `/catalog in a fresh context each time, ${sizes.pageLoad.samples} samples after one warm-up, median; ` +
          `range ${Math.min(...catalogue).toFixed(0)}–${Math.max(...catalogue).toFixed(0)} ms`,
        'baseline: the sign-in page (/api/login, server-rendered HTML) through the same gateway, alternated',
      ],
    };
  } finally {
    await browser.close();
  }
}
