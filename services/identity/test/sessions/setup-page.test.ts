import { describe, expect, it } from 'vitest';
import { renderPage, type PageView } from '../../src/http/pages/render-page.js';

import { attributesOf, parsePage } from '../support/parse-page.js';

const renderLoginPage = (view: PageView<'login'>) => renderPage('login', view);
const renderSetupPage = (view: PageView<'passwordSetup'>) => renderPage('passwordSetup', view);
const renderMessagePage = (view: PageView<'message'>) => renderPage('message', view);

describe('single sign-on on the sign-in page', () => {
  it('is absent unless a provider is configured', () => {
    const html = renderLoginPage({ productName: 'Ledgerline', mode: 'sign-in', returnTo: '/' });
    expect(html).not.toContain('/api/login/oidc');
  });

  it('links to the provider with returnTo, the name escaped, on both tabs', () => {
    for (const mode of ['sign-in', 'sign-up'] as const) {
      const html = renderLoginPage({
        productName: 'Ledgerline',
        mode,
        returnTo: '/checkout?product=a&b',
        singleSignOn: { providerName: 'Acme <SSO>' },
      });
      expect(html).toContain(
        '<a class="sso" href="/api/login/oidc?returnTo=%2Fcheckout%3Fproduct%3Da%26b">Sign in with Acme &lt;SSO&gt;</a>',
      );
    }
  });
});

describe('the password-setup page', () => {
  const view = { productName: 'Ledgerline', token: 'T'.repeat(43), email: 'ada@example.test' };

  it('has the read-only account email, two new-password fields and no script', () => {
    const html = renderSetupPage(view);
    const page = parsePage(html);
    expect(html).toContain('<title>Choose your password · Ledgerline</title>');
    expect(html).toContain('action="/api/login/setup"');
    expect(attributesOf(page, '#email')).toMatchObject({
      name: 'email',
      type: 'email',
      autocomplete: 'username',
      readonly: '',
      value: 'ada@example.test',
    });
    expect(attributesOf(page, '#password')).toMatchObject({
      autocomplete: 'new-password',
      maxlength: '128',
      minlength: '12',
      required: '',
    });
    expect(attributesOf(page, '#confirmPassword')).toMatchObject({ autocomplete: 'new-password' });
    expect(html).not.toContain('<script');
  });

  it('puts each error beside its field and focuses the first', () => {
    const html = renderSetupPage({
      ...view,
      formError: 'Please correct the highlighted fields.',
      fieldErrors: { confirmPassword: 'The two passwords do not match.' },
    });
    expect(html).toContain(
      '<p class="field-error" id="confirmPassword-error">The two passwords do not match.</p>',
    );
    expect(html).toMatch(/id="confirmPassword"[^>]*aria-invalid="true"[^>]*autofocus/);
    expect(html).not.toMatch(/id="password"[^>]*autofocus/);
  });

  it('renders messages escaped, with a way back', () => {
    const html = renderMessagePage({
      productName: 'Ledgerline',
      title: 'Sign in',
      message: '<b>no</b>',
      link: { href: '/api/login', label: 'Back to sign in' },
    });
    expect(html).toContain('role="alert" aria-live="assertive">&lt;b&gt;no&lt;/b&gt;</div>');
    expect(html).toContain('<a href="/api/login">Back to sign in</a>');
  });
});
