import { describe, expect, it } from 'vitest';
import type { LoginPageView } from '../../src/http/pages/login-page.js';
import { renderPage } from '../../src/http/pages/render-page.js';
import { safeReturnTo } from '../../src/http/login-return-to.js';
import { attributesOf, parsePage } from '../support/parse-page.js';

const renderLoginPage = (view: LoginPageView) => renderPage('login', view);

const base = { productName: 'Ledgerline', returnTo: '/dashboard' } as const;

describe('sign-in page', () => {
  it('renders the sign-in form with labelled fields and password-manager hints', () => {
    const html = renderLoginPage({ ...base, mode: 'sign-in' });
    const page = parsePage(html);
    expect(html).toContain('<title>Sign in · Ledgerline</title>');
    expect(html).toMatch(/<header class="brand">.*Ledgerline/);
    expect(html).toContain('action="/api/login"');
    expect(html).toContain('<label for="email">Email address</label>');
    expect(attributesOf(page, '#email')).toMatchObject({
      name: 'email',
      type: 'email',
      autocomplete: 'username',
    });
    expect(attributesOf(page, '#password')).toMatchObject({
      name: 'password',
      type: 'password',
      autocomplete: 'current-password',
    });
    expect(attributesOf(page, 'input[type="hidden"]')).toEqual({
      type: 'hidden',
      name: 'returnTo',
      value: '/dashboard',
    });
    expect(html).toContain('role="alert" aria-live="assertive"');
    expect(html).toMatch(/<a href="\/api\/login\?returnTo=%2Fdashboard" aria-current="page">Sign in<\/a>/);
    expect(html).toContain('href="/api/login?mode=sign-up&amp;returnTo=%2Fdashboard"');
    expect(html).not.toContain('<script');
  });

  it('renders the sign-up form with optional names and a new-password field', () => {
    const html = renderLoginPage({ ...base, mode: 'sign-up' });
    const page = parsePage(html);
    expect(html).toContain('action="/api/login/sign-up"');
    expect(attributesOf(page, '#firstName')).toMatchObject({
      name: 'firstName',
      type: 'text',
      autocomplete: 'given-name',
    });
    expect(attributesOf(page, '#lastName')).toMatchObject({
      name: 'lastName',
      type: 'text',
      autocomplete: 'family-name',
    });
    expect(attributesOf(page, '#password')).toMatchObject({
      autocomplete: 'new-password',
      maxlength: '128',
      minlength: '12',
      required: '',
    });
    expect(html).toContain('aria-describedby="password-hint"');
    expect(html).toMatch(/aria-current="page">Create account<\/a>/);
  });

  it('puts each error beside its field and marks the field invalid', () => {
    const html = renderLoginPage({
      ...base,
      mode: 'sign-up',
      formError: 'Please correct the highlighted fields.',
      fieldErrors: { password: 'Password must be at least 12 characters.' },
    });
    expect(html).toContain('aria-live="assertive">Please correct the highlighted fields.</div>');
    expect(html).toMatch(
      /id="password"[^>]*aria-invalid="true"[^>]*aria-describedby="password-hint password-error"[^>]*autofocus/,
    );
    expect(html).toContain(
      '<p class="field-error" id="password-error">Password must be at least 12 characters.</p>',
    );
  });

  it('escapes every reflected value', () => {
    const attack = '"><script>alert(1)</script>';
    const html = renderLoginPage({
      productName: `<b>${attack}`,
      mode: 'sign-in',
      returnTo: `/x${attack}`,
      values: { email: attack },
      formError: attack,
    });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('"><script');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('never writes the password back into the page', () => {
    const html = renderLoginPage({
      ...base,
      mode: 'sign-in',
      values: { email: 'a@example.test', password: 'hunter2hunter2' } as never,
    });
    expect(html).not.toContain('hunter2hunter2');
  });
});

describe('returnTo', () => {
  it.each(['/', '/dashboard', '/checkout?product=ledger-sync', '/a/b?c=d#e', '/%2F%2Fstill-a-path'])(
    'keeps the local path %s',
    (path) => expect(safeReturnTo(path)).toBe(path),
  );

  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['backslash host', '/\\evil.example'],
    ['backslash later', '/foo\\bar'],
    ['absolute URL', 'https://evil.example/'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['relative without slash', 'dashboard'],
    ['tab turned into //', '/\t/evil.example'],
    ['newline', '/\n/evil.example'],
    ['NUL', '/dash\u0000board'],
    ['space', '/ /evil.example'],
    ['empty', ''],
    ['back to the form', '/api/login?mode=sign-up'],
    ['straight to sign-out', '/api/logout'],
    ['too long', `/${'a'.repeat(3000)}`],
  ])('falls back to / for %s', (_label, value) => expect(safeReturnTo(value)).toBe('/'));

  it('falls back to / for anything that is not one string', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo(['/a', '/b'])).toBe('/');
    expect(safeReturnTo(42)).toBe('/');
  });
});
