/**
 * The admin screens and the catalogue in Debian's headless Chromium (bench/web-page-load.ts does the same for
 * `npm run bench`), each load in a fresh context so nothing is cached: how long until the list's first row is in
 * the page, and how many elements the page holds once it has settled. The first row is the first item the API
 * lists (named by the caller), found by its text, whatever markup the screen gives it.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../../scripts/test/support/browser.js';
import { median } from '../stats.js';
import type { ScreenFigure } from './results.js';

export interface Screen {
  name: string;
  path: string;
  /** `sid=…` of the demo admin; none for a visitor. */
  cookie: string | null;
  /** A tab to open first (the Admin Portal opens on Users). */
  tab?: string;
  /** The text of the first row: the first item's name as the API lists it. */
  firstRow: string;
}

/** What the measurement reads in the page (the root tsconfig has no DOM library). */
interface InPage {
  __firstRowAt?: number;
  document: { getElementsByTagName(name: string): { length: number } };
}

/**
 * Runs in the page before its own scripts: notes `performance.now()` (ms from navigation start) when a text node
 * reading exactly `target` enters the document. Only added nodes are searched, so a screen that renders a
 * hundred thousand rows is not slowed further by the watching.
 */
function firstRowWatcher(target: string): string {
  return `(() => {
    const target = ${JSON.stringify(target)};
    const holds = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return node.nodeValue.trim() === target;
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (text.nodeValue.trim() === target) return true;
      }
      return false;
    };
    new MutationObserver((mutations, observer) => {
      for (const mutation of mutations) {
        const nodes = mutation.type === 'characterData' ? [mutation.target] : mutation.addedNodes;
        for (const node of nodes) {
          if (holds(node)) {
            window.__firstRowAt = performance.now();
            observer.disconnect();
            return;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  })()`;
}

/** Warm-up, then `samples` loads of each screen; median first-row time, largest element count. */
export async function measureScreens(
  gatewayUrl: string,
  screens: readonly Screen[],
  samples: number,
): Promise<ScreenFigure[]> {
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    return screens.map((screen) => failedScreen(screen, error));
  }
  try {
    const figures: ScreenFigure[] = [];
    for (const screen of screens) {
      try {
        await loadOnce(await contextFor(browser, gatewayUrl, screen), gatewayUrl, screen);
        const loads = [];
        for (let sample = 0; sample < samples; sample += 1) {
          const context = await contextFor(browser, gatewayUrl, screen);
          loads.push(await loadOnce(context, gatewayUrl, screen));
        }
        figures.push({
          name: screen.name,
          outcome: 'ok',
          firstRowMs: median(loads.map((load) => load.firstRowMs)),
          domElements: Math.max(...loads.map((load) => load.domElements)),
          samples,
        });
      } catch (error) {
        figures.push(failedScreen(screen, error));
      }
    }
    return figures;
  } finally {
    await browser.close();
  }
}

async function contextFor(browser: Browser, gatewayUrl: string, screen: Screen): Promise<BrowserContext> {
  const context = await browser.newContext();
  context.setDefaultTimeout(30_000);
  if (screen.cookie) {
    const [name = '', value = ''] = screen.cookie.split('=', 2);
    await context.addCookies([{ name, value, url: gatewayUrl }]);
  }
  await context.addInitScript({ content: firstRowWatcher(screen.firstRow) });
  return context;
}

async function loadOnce(context: BrowserContext, gatewayUrl: string, screen: Screen) {
  try {
    const page = await context.newPage();
    await page.goto(`${gatewayUrl}${screen.path}`, { waitUntil: 'commit' });
    if (screen.tab) await page.getByRole('tab', { name: screen.tab }).click();
    // Functions, not strings: the app's Content-Security-Policy forbids evaluating strings in the page.
    const seen = await page.waitForFunction(() => (globalThis as InPage).__firstRowAt);
    const firstRowMs = Number(await seen.jsonValue());
    // Settled: whatever the screen fetches after its first row (further pages, counters) has arrived.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const domElements = await page.evaluate(
      () => (globalThis as InPage).document.getElementsByTagName('*').length,
    );
    return { firstRowMs, domElements };
  } finally {
    await context.close();
  }
}

export function failedScreen(screen: Screen, error: unknown): ScreenFigure {
  const detail = error instanceof Error ? (error.message.split('\n', 1)[0] ?? '') : String(error);
  return { name: screen.name, outcome: 'failed', detail, firstRowMs: Number.NaN, domElements: 0, samples: 0 };
}
