import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { demoAccounts } from '@app/demo-fixtures';
import { pageJson, visibleInputs, type LabelledInput } from './support/browser.js';
import { seriousAccessibilityViolations } from './support/accessibility.js';
import { browserOnPlatform } from './support/browser-platform.js';

/**
 * The sign-in page in a real browser, on the platform `npm start` runs: a visitor creates an account, signs out
 * and back in (mistyping the password once), and the demo admin, in a browser context of their own, sees the new
 * account among the users. Everything goes through the gateway, as it would from a user's address bar.
 */
const screenshots = {
  signIn: '/tmp/sign-in-page.png',
  signUp: '/tmp/sign-up-page.png',
  wrongPassword: '/tmp/sign-in-wrong-password.png',
};
const visitor = {
  email: `visitor-${randomUUID().slice(0, 8)}@example.com`,
  password: `correct horse ${randomUUID().slice(0, 8)} battery`,
  firstName: 'Robin',
  lastName: 'Browser',
};
const admin = demoAccounts.find((account) => account.role === 'admin');

const ui = browserOnPlatform('b');
/** A path on the gateway, as the address bar would show it. */
const { at } = ui;
let visitorContext: BrowserContext;
let page: Page;

beforeAll(async () => {
  page = await ui.newPage();
  visitorContext = page.context();
});

/**
 * Each input has exactly its one label, and a screen reader would announce it by that name: finding the text box
 * by role and accessible name, as a user of assistive technology would, lands on that very input.
 */
async function expectEveryFieldLabelled(expected: LabelledInput[]): Promise<void> {
  const inputs = await visibleInputs(page);
  expect(inputs).toEqual(expected);
  for (const input of inputs) {
    const named = page.getByRole('textbox', { name: input.labels[0] ?? '', exact: true });
    expect(await named.getAttribute('name')).toBe(input.name);
  }
}

describe('signing in with a browser', () => {
  it('labels every field of the sign-in and the sign-up form', async () => {
    await page.goto(at('/api/login?returnTo=/api/auth/user'));
    expect(await page.title()).toMatch(/^Sign in · /);
    await expectEveryFieldLabelled([
      { name: 'email', type: 'email', labels: ['Email address'] },
      { name: 'password', type: 'password', labels: ['Password'] },
    ]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshots.signIn, fullPage: true });

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.searchParams.get('mode') === 'sign-up');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Create your account');
    await expectEveryFieldLabelled([
      { name: 'firstName', type: 'text', labels: ['First name (optional)'] },
      { name: 'lastName', type: 'text', labels: ['Last name (optional)'] },
      { name: 'email', type: 'email', labels: ['Email address'] },
      { name: 'password', type: 'password', labels: ['Password'] },
    ]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshots.signUp, fullPage: true });
  });

  it('creates an account and lands where it was going, signed in', async () => {
    // Still on the sign-up form the previous test switched to, which kept ?returnTo=.
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/api/auth/user');
    await page.getByLabel('First name').fill(visitor.firstName);
    await page.getByLabel('Last name').fill(visitor.lastName);
    await page.getByLabel('Email address').fill(visitor.email);
    await page.getByLabel('Password').fill(visitor.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(at('/api/auth/user'));
    expect(await pageJson(page)).toMatchObject({
      email: visitor.email,
      firstName: visitor.firstName,
      lastName: visitor.lastName,
      role: 'tenant',
    });
  });

  it('signs out to the home page, after which nobody is signed in', async () => {
    await page.goto(at('/api/logout'));
    // Sign-out sends the browser to the home page, the shell's landing page.
    expect(page.url()).toBe(at('/'));
    const me = await page.goto(at('/api/auth/user'));
    expect(me?.status()).toBe(401);
    expect((await visitorContext.cookies(ui.platform.gatewayUrl)).map((cookie) => cookie.name)).not.toContain(
      'sid',
    );
  });

  it('refuses a wrong password with one sentence that does not say which part was wrong', async () => {
    await page.goto(at('/api/login?returnTo=/api/auth/user'));
    await page.getByLabel('Email address').fill(visitor.email);
    await page.getByLabel('Password').fill(`${visitor.password}!`);
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect((await answer).status()).toBe(401);

    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Incorrect email or password.');
    expect(await page.getByLabel('Email address').inputValue()).toBe(visitor.email);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await page.screenshot({ path: screenshots.wrongPassword, fullPage: true });
  });

  it('signs in again with the same email and password', async () => {
    // The form after the refusal still carries the returnTo it came with.
    await page.getByLabel('Password').fill(visitor.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(at('/api/auth/user'));
    expect(await pageJson(page)).toMatchObject({ email: visitor.email, role: 'tenant' });
  });

  it('shows the demo admin, in a browser context of their own, every user with the new one', async () => {
    if (!admin) throw new Error('the demo accounts have no admin');
    const adminPage = await ui.newPage();
    try {
      await ui.signIn(adminPage, admin, '/api/admin/users');

      const users = (await pageJson(adminPage)) as Array<{ email: string }>;
      expect(users.map((user) => user.email).sort()).toEqual(
        [...demoAccounts.map((account) => account.email), visitor.email].sort(),
      );
      // The visitor's context is still signed in as the visitor, not as the admin.
      expect(await visitorContext.request.get(at('/api/admin/users')).then((r) => r.status())).toBe(403);
    } finally {
      await adminPage.context().close();
    }
  });
});
