import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messageKinds } from '../../services/notifications/src/domain/messages.js';
import { renderMessage } from '../../services/notifications/src/emails/render-message.js';
import { sampleMessages } from '../../services/notifications/test/support/sample-messages.js';
import { seriousAccessibilityViolations } from './support/accessibility.js';
import { launchChromium } from './support/browser.js';
import { phone, screenshotDir } from './support/screen-check.js';

/**
 * Every email notifications sends, rendered from its template as the sender does and opened in Chromium: no
 * serious or critical axe violation, nothing wider than a phone, and one screenshot per message
 * (.artifacts/screenshots/mail-<message>.png, at a mail client's reading width) for the record of what each looks
 * like. No platform build: the templates are rendered in this process.
 */
let browser: Browser;
let page: Page;
const readingWidth = { width: 720, height: 900 };

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
  // Offline: a message that needed the network to look right (remote images, fonts) shows it in its screenshot.
  await page.route('**/*', (route) => route.abort());
  await mkdir(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('each email message', () => {
  it.each(messageKinds)(
    '%s reads well and passes axe, at a reading width and on a phone',
    async (message) => {
      const email = await renderMessage(message, sampleMessages[message]);
      await page.setViewportSize(readingWidth);
      await page.setContent(email.html, { waitUntil: 'load' });
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: join(screenshotDir, `mail-${message}.png`), fullPage: true });

      await page.setViewportSize(phone);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    },
  );
});
