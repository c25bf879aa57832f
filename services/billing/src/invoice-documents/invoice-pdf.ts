import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from '@app/contracts';
import { invoicePdfLayout } from './invoice-pdf-layout.js';
import type { MeasureText, PdfFont, PdfTone } from './pdf-flow.js';
import { drawableText } from './win-ansi.js';

/** PDF's standard fonts: every reader has them, so nothing is embedded. */
const fonts: Record<PdfFont, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/** The invoice page's colours: foreground, muted text, and the status badge's. */
const inks: Record<PdfTone, string> = {
  ink: '#111827',
  muted: '#6b7280',
  paid: '#15803d',
  pending: '#b45309',
  overdue: '#b91c1c',
};
const ruleInk = '#e5e7eb';

/**
 * The invoice as a PDF (PDFKit), a readable stream for the reply to pipe: drawn from the layout's calls and ended
 * here, so nothing of it is kept once sent.
 */
export function renderInvoicePdf(document: InvoiceDocument, timeZone: string): PDFKit.PDFDocument {
  // The layout places every line itself: no margins, so PDFKit never starts a page of its own.
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    info: { Title: `Invoice ${document.invoiceNumber}`, Author: document.seller.name },
  });
  const measure: MeasureText = (text, font, size) =>
    pdf.font(fonts[font]).fontSize(size).widthOfString(drawableText(text));
  for (const call of invoicePdfLayout(document, { timeZone, measure })) {
    if (call.op === 'page') {
      pdf.addPage();
    } else if (call.op === 'rule') {
      pdf
        .moveTo(call.x, call.y)
        .lineTo(call.x + call.width, call.y)
        .lineWidth(0.5)
        .strokeColor(ruleInk)
        .stroke();
    } else {
      pdf
        .font(fonts[call.font])
        .fontSize(call.size)
        .fillColor(inks[call.tone])
        .text(drawableText(call.text), call.x, call.y, {
          width: call.width,
          align: call.align,
          lineBreak: false,
        });
    }
  }
  pdf.end();
  return pdf;
}
