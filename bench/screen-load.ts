/**
 * One page load of figure 12 in Debian's headless Chromium: the time from navigation start until the screen's own
 * content is on screen, and the requests it waited on (critical-path.ts).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { criticalPath, type CriticalPath, type TimedRequest } from './critical-path.js';

/**
 * What shows that a screen's data has rendered, inside its `<main>`: its heading, an element only its data draws
 * (`ready`) or a text only its data writes, and no skeleton left. A `role="alert"` there (a read or the remote
 * failed) fails the load instead of timing an error.
 */
export interface ContentSpec {
  heading: string;
  ready?: string;
  text?: string;
}

/** Chromium's network emulation (CDP `Network.emulateNetworkConditions`): latency per request, bytes/s. */
export interface NetworkConditions {
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
}

export interface ScreenLoad extends CriticalPath {
  timeToContentMs: number;
}

/** What the measurement reads in the page (the root tsconfig has no DOM library). */
interface InPage {
  __contentAt?: number;
  __contentError?: string;
  performance: {
    getEntriesByType(type: string): Array<{
      name: string;
      startTime: number;
      responseEnd: number;
      responseStart: number;
      transferSize: number;
    }>;
  };
}

/**
 * Runs in the page before its own scripts: on every change of the document checks `spec`, and once it holds,
 * notes `performance.now()` (ms from navigation start) at the next animation frame, the frame that paints it.
 */
function contentWatcher(spec: ContentSpec): string {
  return `(() => {
    const spec = ${JSON.stringify(spec)};
    performance.setResourceTimingBufferSize(2000);
    const alertText = (main) =>
      Array.from(main.querySelectorAll('[role="alert"]'))
        .map((alert) => alert.textContent.trim())
        .join(' ');
    const state = () => {
      const main = document.querySelector('main');
      if (!main) return 'waiting';
      // An alert region waiting empty (the sign-in page's) is no error.
      if (alertText(main)) return 'error';
      const headings = Array.from(main.querySelectorAll('h1'));
      if (!headings.some((heading) => heading.textContent.trim() === spec.heading)) return 'waiting';
      if (spec.ready && !main.querySelector(spec.ready)) return 'waiting';
      if (spec.text && !main.textContent.includes(spec.text)) return 'waiting';
      return main.querySelector('[data-slot="skeleton"]') ? 'waiting' : 'content';
    };
    new MutationObserver((_mutations, observer) => {
      const now = state();
      if (now === 'waiting') return;
      observer.disconnect();
      if (now === 'error') window.__contentError = alertText(document.querySelector('main'));
      else requestAnimationFrame(() => { window.__contentAt = performance.now(); });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  })()`;
}

/** A page of `context` that watches for `spec`, on `network` when given (else straight to localhost). */
export async function watchedPage(
  context: BrowserContext,
  spec: ContentSpec,
  network: NetworkConditions | null,
): Promise<Page> {
  await context.addInitScript({ content: contentWatcher(spec) });
  const page = await context.newPage();
  if (network) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latencyMs,
      downloadThroughput: network.downloadBytesPerSecond,
      uploadThroughput: network.uploadBytesPerSecond,
    });
  }
  return page;
}

/** Navigates `page` to `url` and waits for its content; throws when the screen shows an error instead. */
export async function loadScreen(page: Page, url: string): Promise<ScreenLoad> {
  await page.goto(url, { waitUntil: 'commit' });
  // Functions, not strings: the app's Content-Security-Policy forbids evaluating strings in the page.
  const outcome = await waitForContent(page, url);
  const seen = (await outcome.jsonValue()) as number | string;
  if (typeof seen === 'string') throw new Error(`${url} showed an error instead of its content: ${seen}`);
  // No named functions inside: tsx would wrap them in a helper that does not exist in the page.
  const [navigation, resources] = await page.evaluate(() => {
    const { performance } = globalThis as unknown as InPage;
    return ['navigation', 'resource'].map((type) =>
      performance.getEntriesByType(type).map((entry) => ({
        url: entry.name,
        startTime: entry.startTime,
        responseStart: entry.responseStart,
        responseEnd: entry.responseEnd,
        transferSize: entry.transferSize,
      })),
    );
  });
  const html = navigation?.[0];
  if (!html) throw new Error(`${url} has no navigation timing`);
  const requests: TimedRequest[] = resources ?? [];
  const path = criticalPath(requests, html.responseStart, seen);
  // The HTML's own bytes too: a page's hints make it bigger, and that is part of what the content waited for.
  return { timeToContentMs: seen, ...path, bytesBeforeContent: path.bytesBeforeContent + html.transferSize };
}

/** A slow 4G load on a busy 2-core machine can take a while; a load that never shows its content names itself. */
async function waitForContent(page: Page, url: string) {
  try {
    return await page.waitForFunction(
      () => {
        const inPage = globalThis as unknown as InPage;
        return inPage.__contentAt ?? (inPage.__contentError === undefined ? false : inPage.__contentError);
      },
      undefined,
      { timeout: 60_000 },
    );
  } catch (error) {
    throw new Error(`${url} showed no content within 60 s`, { cause: error });
  }
}
