import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newContext } from './browser.js';
import { platformStartBoundMs, startPlatform, type Platform } from './platform.js';

export interface BrowserOnPlatform {
  readonly browser: Browser;
  readonly platform: Platform;
  /** The gateway's URL of `path`. */
  at(path: string): string;
  /** A page in a context of its own (cookies, storage), like a separate browser profile. */
  newPage(): Promise<Page>;
  /** Signs `account` in through identity's sign-in form on `page`, which then shows `returnTo`. */
  signIn(page: Page, account: { email: string; demoPassword: string }, returnTo: string): Promise<void>;
}

/**
 * Headless Chromium and the platform `npm start` runs, on this run's Postgres and NATS under a NATS prefix that
 * starts with `label` (with the launcher variables of `options.env`), started before the file's tests and closed
 * after them. Chromium first: without it the whole file fails at once, before the platform is built.
 */
export function browserOnPlatform(
  label: string,
  options: { env?: Record<string, string> } = {},
): BrowserOnPlatform {
  const started = {} as { browser: Browser; platform: Platform };
  beforeAll(async () => {
    started.browser = await launchChromium();
    started.platform = await startPlatform({
      serverUrl: inject('databaseUrl'),
      natsUrl: inject('natsUrl'),
      label,
      ...(options.env ? { env: options.env } : {}),
    });
  }, platformStartBoundMs);
  afterAll(async () => {
    await started.browser?.close();
    await started.platform?.dispose();
  });
  const at = (path: string) => `${started.platform.gatewayUrl}${path}`;
  return {
    get browser() {
      return started.browser;
    },
    get platform() {
      return started.platform;
    },
    at,
    newPage: async () => (await newContext(started.browser)).newPage(),
    async signIn(page, account, returnTo) {
      await page.goto(at(`/api/login?returnTo=${encodeURIComponent(returnTo)}`));
      await page.getByLabel('Email address').fill(account.email);
      await page.getByLabel('Password').fill(account.demoPassword);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(at(returnTo));
    },
  };
}
