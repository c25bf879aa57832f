import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (TOOLCHAIN.md): tests never download a browser of their own. */
export const chromiumPath = '/usr/bin/chromium';

/** TOOLCHAIN.md's flags for Debian's Chromium as root on a machine without a GPU or a desktop session. */
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium with a fresh profile: launch() gives every browser a new temporary --user-data-dir of its
 * own (and deletes it on close), so nothing from an earlier run (cookies, cache) leaks in. Fails, never skips,
 * when Chromium is missing: a browser test that silently did not run would read as a pass.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `${chromiumPath} is missing: install Debian's chromium: apt-get install chromium ` +
        '(.ci/run does this; the tests never download a browser of their own)',
    );
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
}

/**
 * A context of its own (cookies, storage), like a separate browser profile. A locator that finds nothing gives up
 * after a few seconds, well inside vitest's test timeout, so a failure names the element it waited for.
 */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  context.setDefaultTimeout(10_000);
  return context;
}

/**
 * What a page shows as text: for a JSON answer, Chromium wraps the body in a <pre> (and may add its own
 * pretty-print controls around it), so the <pre> when there is one.
 */
export async function pageJson(page: Page): Promise<unknown> {
  const pre = page.locator('body > pre').first();
  const text = (await pre.count()) > 0 ? await pre.innerText() : await page.locator('body').innerText();
  return JSON.parse(text) as unknown;
}

export interface LabelledInput {
  name: string;
  type: string;
  labels: string[];
}

/** The part of HTMLInputElement read here (the root tsconfig has no DOM library). */
interface InputElement {
  name: string;
  type: string;
  labels: ArrayLike<{ innerText: string }> | null;
}

/** Every input a user can see or reach in the page's forms, with the text of the labels attached to it. */
export async function visibleInputs(page: Page): Promise<LabelledInput[]> {
  return page.locator('form input:not([type="hidden"])').evaluateAll((inputs) =>
    (inputs as unknown as InputElement[]).map((input) => ({
      name: input.name,
      type: input.type,
      labels: Array.from(input.labels ?? []).map((label) => label.innerText.trim()),
    })),
  );
}
