import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../src/emails/render-message.js';

const receipt = {
  firstName: 'Ada <b>',
  invoiceId: '0196f2a0-0000-7000-8000-000000000001',
  number: 'INV-000123',
  amountCents: 2_900,
  currency: 'usd',
  paidAt: '2026-11-27T10:00:00.000Z',
  productName: 'Analytics Pro',
  periodStart: '2026-11-27T10:00:00.000Z',
  periodEnd: '2026-12-27T10:00:00.000Z',
  invoiceUrl: 'https://app.example/billing/invoices/0196f2a0-0000-7000-8000-000000000001',
  pdfUrl: 'https://app.example/api/invoices/0196f2a0-0000-7000-8000-000000000001/pdf',
};

describe('the receipt', () => {
  it('states the number, amount, period and links, in HTML and plain text', async () => {
    const email = await renderMessage('receipt', receipt);
    expect(email.subject).toBe('Receipt for INV-000123: $29.00 paid');
    for (const part of [email.html, email.text]) {
      expect(part).toContain('INV-000123');
      expect(part).toContain('$29.00');
      expect(part).toContain('Analytics Pro');
      expect(part).toContain('Nov 27, 2026 – Dec 27, 2026');
      expect(part).toContain(receipt.invoiceUrl);
      expect(part).toContain(receipt.pdfUrl);
    }
    expect(email.html).toContain('#2b3dd1');
    expect(email.html).toContain('FinTech Platform');
  });

  it('escapes what it writes', async () => {
    const email = await renderMessage('receipt', receipt);
    expect(email.html).toContain('Hi Ada &lt;b&gt;,');
    expect(email.html).not.toContain('Ada <b>');
  });

  it('leaves the period out when the event has none', async () => {
    const email = await renderMessage('receipt', { ...receipt, periodStart: null, periodEnd: null });
    expect(email.text).not.toContain('Period');
  });

  it('refuses a payload its template cannot show', async () => {
    await expect(renderMessage('receipt', { ...receipt, amountCents: -1 })).rejects.toThrow();
  });
});

describe('subscription suspended', () => {
  it('says what happened and links Pay now to the Billing page, in HTML and plain text', async () => {
    const email = await renderMessage('subscription-suspended', {
      firstName: null,
      tenantName: 'Acme Corp',
      productName: null,
      suspendedAt: '2026-12-02T10:00:00.000Z',
      billingUrl: 'https://app.example/billing',
    });
    expect(email.subject).toBe('Action needed: your subscription for Acme Corp is suspended');
    for (const part of [email.html, email.text]) {
      expect(part).toContain('Hello,');
      expect(part).toContain('suspended on Dec 2, 2026, 10:00 AM UTC');
      expect(part).toContain('Pay now');
      expect(part).toContain('https://app.example/billing');
    }
  });
});

describe('subscription set to cancel', () => {
  const scheduled = {
    firstName: 'Ada',
    tenantName: 'Acme Corp',
    productName: 'Analytics Pro',
    scheduledAt: '2026-12-02T10:00:00.000Z',
    endsAt: '2026-12-27T10:00:00.000Z',
    billingUrl: 'https://app.example/billing',
  };

  it('says the day it ends, in HTML and plain text', async () => {
    const email = await renderMessage('cancellation-scheduled', scheduled);
    expect(email.subject).toBe('Your Analytics Pro subscription for Acme Corp is set to cancel');
    for (const part of [email.html, email.text]) {
      expect(part).toContain('It stays active until it ends on Dec 27, 2026, and will not renew');
      expect(part).toContain('https://app.example/billing');
    }
  });

  it('says the end of the current billing period when the day is not known', async () => {
    const email = await renderMessage('cancellation-scheduled', { ...scheduled, endsAt: null });
    expect(email.text).toContain('until it ends at the end of the current billing period');
  });
});

describe('plan changed', () => {
  it('an upgrade with nothing charged says so, in HTML and plain text', async () => {
    const email = await renderMessage('plan-changed', {
      firstName: 'Ada',
      tenantName: 'Acme Corp',
      productName: 'Analytics Pro',
      kind: 'upgrade',
      fromPlan: 'basic',
      plan: 'professional',
      previousAmountCents: 900,
      amountCents: 2_900,
      prorationCents: 0,
      changedAt: '2026-12-12T10:00:00.000Z',
      invoiceUrl: null,
      billingUrl: 'https://app.example/billing',
    });
    expect(email.subject).toBe('Your Analytics Pro subscription for Acme Corp is now on Professional');
    for (const part of [email.html, email.text]) {
      expect(part).toContain('changed from Basic to Professional on Dec 12, 2026, 10:00 AM UTC.');
      expect(part).toContain(
        'Nothing was charged for the rest of the current billing period, and from the next renewal it bills $29.00/month (it was $9.00/month).',
      );
    }
    expect(email.text).not.toContain('invoice');
  });
});

describe('payment failed', () => {
  const failed = {
    firstName: 'Ada',
    tenantName: 'Acme Corp',
    productName: 'Analytics Pro',
    invoiceNumber: 'INV-000123',
    amountCents: 9_900,
    failedAt: '2026-03-01T10:00:00.000Z',
    declineMessage: 'Your card was declined <b>.',
    nextAttemptAt: '2026-03-03T10:00:00.000Z',
    invoiceUrl: 'https://app.example/billing/invoices/0196f2a0-0000-7000-8000-000000000001',
    billingUrl: 'https://app.example/billing',
  };

  it('states the amount, the issuer’s words, the next retry and the links, in HTML and plain text', async () => {
    const email = await renderMessage('payment-failed', failed);
    expect(email.subject).toBe('Payment failed: $99.00 for your Analytics Pro subscription for Acme Corp');
    for (const part of [email.html, email.text]) {
      expect(part).toContain('$99.00');
      expect(part).toContain('INV-000123');
      expect(part).toContain('We will try the card on file again on Mar 3, 2026, 10:00 AM UTC.');
      expect(part).toContain('Update card');
      expect(part).toContain(failed.billingUrl);
      expect(part).toContain(failed.invoiceUrl);
    }
    expect(email.text).toContain('“Your card was declined <b>.”');
    expect(email.html).toContain('Your card was declined &lt;b&gt;.');
  });

  it('says the invoice is overdue and offers Pay now when no retry is left', async () => {
    const email = await renderMessage('payment-failed', { ...failed, nextAttemptAt: null });
    expect(email.subject).toBe(
      'Action needed: $99.00 for your Analytics Pro subscription for Acme Corp is overdue',
    );
    for (const part of [email.html, email.text]) {
      expect(part).toContain('That was the last retry, so the invoice is now overdue');
      expect(part).toContain('Pay now');
      expect(part).not.toContain('try the card on file again');
    }
  });
});

describe('renewal reminder and trial-ending notice', () => {
  const bill = {
    firstName: 'Ada',
    tenantName: 'Acme <Corp>',
    productName: 'Analytics Pro',
    plan: 'basic' as const,
    amountCents: 900,
    billingUrl: 'https://app.example/billing',
  };

  it('a reminder says when it renews and what it charges, in HTML and plain text', async () => {
    const email = await renderMessage('renewal-reminder', { ...bill, renewsAt: '2026-04-30T09:00:00.000Z' });
    expect(email.subject).toBe('Your Analytics Pro subscription for Acme <Corp> renews on Apr 30, 2026');
    for (const part of [email.html, email.text]) {
      expect(part).toContain('renews on Apr 30, 2026, 9:00 AM UTC');
      expect(part).toContain('$9.00 to the card on file for another month on the Basic plan');
      expect(part).toContain(bill.billingUrl);
    }
    expect(email.html).toContain('Acme &lt;Corp&gt;');
    expect(email.html).not.toContain('Acme <Corp>');
  });

  it('a trial’s notice says what it will charge and when, and asks for a card when none is on file', async () => {
    const trial = { ...bill, endsAt: '2026-03-15T12:00:00.000Z' };
    const withCard = await renderMessage('trial-ending', { ...trial, cardOnFile: true });
    expect(withCard.subject).toBe('Your Analytics Pro trial for Acme <Corp> ends on Mar 15, 2026');
    for (const part of [withCard.html, withCard.text]) {
      expect(part).toContain('ends on Mar 15, 2026, 12:00 PM UTC');
      expect(part).toContain('we will charge $9.00 a month on the Basic plan to the card on file');
      expect(part).not.toContain('Add card');
    }
    const cardless = await renderMessage('trial-ending', { ...trial, cardOnFile: false, productName: null });
    expect(cardless.subject).toBe('Your trial for Acme <Corp> ends on Mar 15, 2026');
    for (const part of [cardless.html, cardless.text]) {
      expect(part).toContain('no card is on file yet: add one on the Billing page before then');
      expect(part).toContain('Add card');
    }
  });
});

describe('a webhook endpoint failing', () => {
  const failing = {
    firstName: 'Grace',
    tenantName: 'Acme <Corp>',
    endpointUrl: 'https://hooks.acme.example/platform?x=<y>',
    failingSince: '2026-11-20T08:00:00.000Z',
    markedAt: '2026-11-23T05:15:00.000Z',
    lastError: 'The endpoint answered HTTP 503',
    settingsUrl: 'https://app.example/settings',
  };

  it('names the endpoint, since when it fails, the last error and the settings link, in HTML and plain text', async () => {
    const email = await renderMessage('webhook-endpoint-failing', failing);
    expect(email.subject).toBe('Action needed: a webhook endpoint of Acme <Corp> is failing');
    for (const part of [email.html, email.text]) {
      expect(part).toContain('Nov 20, 2026, 8:00 AM UTC');
      expect(part).toContain('Nov 23, 2026, 5:15 AM UTC');
      expect(part).toContain('The endpoint answered HTTP 503');
      expect(part).toContain('https://app.example/settings');
    }
    expect(email.text).toContain(failing.endpointUrl);
    expect(email.html).toContain('https://hooks.acme.example/platform?x=&lt;y&gt;');
    expect(email.html).not.toContain('Acme <Corp>');
  });
});
