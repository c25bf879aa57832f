import { describe, expect, it } from 'vitest';
import { invoicePdfLayout } from '../../src/invoice-documents/invoice-pdf-layout.js';
import { pdfPage, type MeasureText, type PdfCall } from '../../src/invoice-documents/pdf-flow.js';
import { anInvoiceDocument } from './invoice-document-fixture.js';

/** A stand-in for font metrics: every character half as wide as the size, bold a little wider. */
const measure: MeasureText = (text, font, size) => text.length * size * (font === 'bold' ? 0.6 : 0.5);

type TextCall = Extract<PdfCall, { op: 'text' }>;
const textsOf = (calls: PdfCall[]) => calls.filter((call): call is TextCall => call.op === 'text');
const wordsOf = (calls: PdfCall[]) => textsOf(calls).map((call) => call.text);
const layout = (overrides: Parameters<typeof anInvoiceDocument>[0] = {}, timeZone = 'UTC') =>
  invoicePdfLayout(anInvoiceDocument(overrides), { timeZone, measure });

const rightEdge = pdfPage.width - pdfPage.margin;

describe('the invoice PDF layout', () => {
  it('prints the invoice page’s content in its order: number and status, seller, buyer, dates, lines, total', () => {
    expect(wordsOf(layout())).toEqual([
      'Invoice',
      'Paid',
      'INV-000042',
      'From',
      'FinTech Platform Inc.',
      '1 Market St, San Francisco, CA 94105',
      'Billed to',
      'Casey Jones',
      'casey@demo.local',
      'Issued',
      'Nov 1, 2026',
      'Paid',
      'Nov 1, 2026',
      'Billing period',
      'Nov 1, 2026 – Dec 1, 2026',
      'Currency',
      'USD',
      'Product',
      'Amount',
      'Risk Scoring',
      '$1,299.00',
      'Total (USD)',
      '$1,299.00',
    ]);
  });

  it('prints each line, a proration credit as a negative amount, right-aligned at the margin', () => {
    const calls = layout({
      amount: 1199,
      lines: [
        { description: 'Risk Scoring, Enterprise plan', amount: 1299 },
        { description: 'Unused time on Professional plan', amount: -100 },
      ],
    });
    const words = wordsOf(calls);
    expect(words.slice(words.indexOf('Amount') + 1)).toEqual([
      'Risk Scoring, Enterprise plan',
      '$1,299.00',
      'Unused time on Professional plan',
      '-$100.00',
      'Total (USD)',
      '$1,199.00',
    ]);
    const amounts = textsOf(calls).filter((call) => call.text.includes('$'));
    expect(amounts).toHaveLength(3);
    for (const amount of amounts) {
      expect(amount.align).toBe('right');
      expect(amount.x + amount.width).toBe(rightEdge);
    }
    // A rule under the header and under each line, across the text's width.
    expect(calls.filter((call) => call.op === 'rule')).toHaveLength(3);
  });

  it.each([
    ['paid', 'Paid', 'Nov 1, 2026'],
    ['pending', 'Pending', 'Not paid yet'],
    ['overdue', 'Overdue', 'Not paid yet'],
  ] as const)('says a %s invoice is %s, in its status colour', (status, label, paid) => {
    const calls = layout({ status, paidAt: status === 'paid' ? '2026-11-01T12:00:00.000Z' : null });
    const statusCall = textsOf(calls)[1];
    expect(statusCall).toMatchObject({ text: label, tone: status, align: 'right' });
    const words = wordsOf(calls);
    expect(words[words.lastIndexOf('Paid') + 1]).toBe(paid);
  });

  it('shows dates on the calendar of the reader’s time zone', () => {
    const lateEvening = {
      createdAt: '2026-11-01T02:00:00.000Z',
      paidAt: '2026-11-01T02:00:00.000Z',
      periodStart: '2026-11-01T02:00:00.000Z',
      periodEnd: '2026-12-01T02:00:00.000Z',
    };
    expect(wordsOf(layout(lateEvening, 'UTC'))).toContain('Nov 1, 2026 – Dec 1, 2026');
    const words = wordsOf(layout(lateEvening, 'America/Los_Angeles'));
    expect(words).toContain('Oct 31, 2026 – Nov 30, 2026');
    expect(words[words.indexOf('Issued') + 1]).toBe('Oct 31, 2026');
  });

  it('says the buyer is unknown while billing has not heard of the account', () => {
    const words = wordsOf(layout({ buyer: null }));
    expect(words.slice(words.indexOf('Billed to'), words.indexOf('Issued'))).toEqual([
      'Billed to',
      'Unknown customer',
    ]);
  });

  it('wraps a long description within its column, breaking a word only when it is wider than the column', () => {
    const unbroken = 'x'.repeat(90);
    const description = `${'Bank Connectivity '.repeat(6)}${unbroken}`;
    const calls = layout({ lines: [{ description, amount: 1299 }] });
    const pieces = textsOf(calls).filter((call) => description.includes(call.text) && call.size === 10);
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) {
      expect(measure(piece.text, piece.font, piece.size)).toBeLessThanOrEqual(piece.width);
    }
    const tops = pieces.map((piece) => piece.y);
    expect(tops).toEqual([...new Set(tops)].sort((a, b) => a - b));
    expect(pieces[0]?.text).toMatch(/^Bank Connectivity Bank Connectivity/);
    expect(pieces.map((piece) => piece.text).join('')).toContain(unbroken);
  });

  it('starts a new page when the lines reach the bottom margin, and keeps every text on a page', () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({ description: `Line ${index + 1}`, amount: 1 }));
    const calls = layout({ amount: 60, lines });

    const pages = calls.filter((call) => call.op === 'page');
    expect(pages.length).toBeGreaterThanOrEqual(1);
    for (const text of textsOf(calls)) {
      expect(text.y).toBeGreaterThanOrEqual(pdfPage.margin);
      expect(text.y + text.size).toBeLessThanOrEqual(pdfPage.height - pdfPage.margin);
    }
    const words = wordsOf(calls);
    expect(words.filter((word) => word.startsWith('Line '))).toEqual(lines.map((line) => line.description));
    expect(words.slice(-2)).toEqual(['Total (USD)', '$60.00']);
  });
});
