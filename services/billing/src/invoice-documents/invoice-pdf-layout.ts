import type { InvoiceDocument, InvoiceStatus } from '@app/contracts';
import { createPdfFlow, pdfPage, run, type MeasureText, type PdfCall, type Run } from './pdf-flow.js';

export interface InvoicePdfOptions {
  /** The IANA time zone the dates are shown in: the browser's, as on the invoice page. */
  timeZone: string;
  measure: MeasureText;
}

const contentWidth = pdfPage.width - 2 * pdfPage.margin;
const columnGap = 24;
const columnWidth = (contentWidth - columnGap) / 2;
const left = pdfPage.margin;
const right = left + columnWidth + columnGap;
const amountWidth = 110;
const amountX = left + contentWidth - amountWidth;
const descriptionWidth = contentWidth - amountWidth - columnGap;

/** The badge's words (mfe-customer InvoiceStatusBadge), in the badge's colour. */
const statusLabels: Record<InvoiceStatus, string> = { paid: 'Paid', pending: 'Pending', overdue: 'Overdue' };

/** The invoice page's money: US dollars to 2 decimals with thousands separators (libs/ui formatUsd). */
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const field = (term: string, value: string): Run[] => [
  run(term, 'regular', 9, 'muted'),
  run(value, 'bold', 11),
];

/**
 * The PDF of an invoice as drawing calls: the printable invoice page's content in its order (number and status,
 * seller and buyer, dates, lines, total), with its words, dates and money, so the two say the same.
 */
export function invoicePdfLayout(document: InvoiceDocument, options: InvoicePdfOptions): PdfCall[] {
  // The invoice page's dates ("Nov 22, 2026") on the calendar of the reader's time zone.
  const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: options.timeZone });
  const date = (value: string) => dates.format(new Date(value));
  const currency = document.currency.toUpperCase();
  const { seller, buyer } = document;
  const flow = createPdfFlow(options.measure);

  flow.row([
    { runs: [run('Invoice', 'regular', 10, 'muted')], x: left, width: columnWidth },
    {
      runs: [run(statusLabels[document.status], 'bold', 12, document.status)],
      x: right,
      width: columnWidth,
      align: 'right',
    },
  ]);
  flow.row([{ runs: [run(document.invoiceNumber, 'bold', 22)], x: left, width: contentWidth }]);
  flow.gap(20);

  flow.row([
    {
      runs: [
        run('From', 'bold', 10, 'muted'),
        run(seller.name, 'bold', 11),
        ...(seller.address ? [run(seller.address, 'regular', 10)] : []),
      ],
      x: left,
      width: columnWidth,
    },
    {
      runs: [
        run('Billed to', 'bold', 10, 'muted'),
        ...(buyer
          ? [run(buyer.name, 'bold', 11), run(buyer.email, 'regular', 10)]
          : [run('Unknown customer', 'regular', 11, 'muted')]),
      ],
      x: right,
      width: columnWidth,
    },
  ]);
  flow.gap(20);

  flow.row([
    { runs: field('Issued', date(document.createdAt)), x: left, width: columnWidth },
    {
      runs: field('Paid', document.paidAt ? date(document.paidAt) : 'Not paid yet'),
      x: right,
      width: columnWidth,
    },
  ]);
  flow.gap(12);
  flow.row([
    {
      runs: field('Billing period', `${date(document.periodStart)} – ${date(document.periodEnd)}`),
      x: left,
      width: columnWidth,
    },
    { runs: field('Currency', currency), x: right, width: columnWidth },
  ]);
  flow.gap(24);

  flow.row([
    { runs: [run('Product', 'bold', 9, 'muted')], x: left, width: descriptionWidth },
    { runs: [run('Amount', 'bold', 9, 'muted')], x: amountX, width: amountWidth, align: 'right' },
  ]);
  flow.rule();
  for (const line of document.lines) {
    flow.row([
      { runs: [run(line.description, 'regular', 10)], x: left, width: descriptionWidth },
      { runs: [run(usd.format(line.amount), 'regular', 10)], x: amountX, width: amountWidth, align: 'right' },
    ]);
    flow.rule();
  }
  flow.gap(4);
  flow.row([
    { runs: [run(`Total (${currency})`, 'bold', 13)], x: left, width: descriptionWidth },
    { runs: [run(usd.format(document.amount), 'bold', 13)], x: amountX, width: amountWidth, align: 'right' },
  ]);
  return flow.calls();
}
