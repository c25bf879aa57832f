import { describe, expect, it } from 'vitest';
import { wantsMessage } from '../../src/domain/messages.js';
import { renderMessage } from '../../src/emails/render-message.js';

const changed = { firstName: 'Ada <b>', reason: 'settings', changedAt: '2026-12-02T10:00:00.000Z' };

describe('the password-changed notice', () => {
  it('says when and how, and what to do if it was not them, in HTML and plain text', async () => {
    const email = await renderMessage('password-changed', changed);
    expect(email.subject).toBe('Your password was changed');
    for (const part of [email.html, email.text]) {
      expect(part).toContain('changed on Dec 2, 2026, 10:00 AM UTC, from Settings');
      expect(part).toContain('If it was not you');
      expect(part).toContain('whatever your notification settings');
    }
    expect(email.html).toContain('Hi Ada &lt;b&gt;,');
    expect(email.html).toContain('#2b3dd1');
  });

  it.each([
    ['setup-link', 'through a password-setup link an administrator issued'],
    ['admin', 'by an administrator'],
  ])('names the way it was set (%s)', async (reason, wording) => {
    expect((await renderMessage('password-changed', { ...changed, reason })).text).toContain(wording);
  });

  it('refuses a reason identity does not publish', async () => {
    await expect(renderMessage('password-changed', { ...changed, reason: 'guessed' })).rejects.toThrow();
  });

  it('goes whatever the switches say', () => {
    expect(wantsMessage('password-changed', { email: false, securityAlerts: false })).toBe(true);
  });
});

describe('the password-setup link', () => {
  const setup = {
    firstName: 'Ada <b>',
    email: 'ada@acme.example',
    setupUrl: 'https://app.example/api/login/setup?token=abc',
    expiresAt: '2026-12-05T10:00:00.000Z',
  };

  it('gives the link, that it works once and until when, in HTML and plain text', async () => {
    const email = await renderMessage('password-setup', setup);
    expect(email.subject).toBe('Choose your FinTech Platform password');
    for (const part of [email.html, email.text]) {
      expect(part).toContain('An administrator set up a FinTech Platform account for ada@acme.example.');
      expect(part).toContain('Choose password');
      expect(part).toContain('The link works once, until Dec 5, 2026, 10:00 AM UTC.');
      expect(part).toContain(setup.setupUrl);
    }
    expect(email.html).toContain('Hi Ada &lt;b&gt;,');
  });

  it('refuses a link that is not http(s)', async () => {
    await expect(
      renderMessage('password-setup', { ...setup, setupUrl: 'javascript:alert(1)' }),
    ).rejects.toThrow();
  });

  it('goes whatever the switches say', () => {
    expect(wantsMessage('password-setup', { email: false, securityAlerts: false })).toBe(true);
  });
});
