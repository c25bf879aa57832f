import { wrapText } from './wrap-text.js';

export type PdfFont = 'regular' | 'bold';
/** Colours by meaning; the renderer picks the ink. */
export type PdfTone = 'ink' | 'muted' | 'paid' | 'pending' | 'overdue';

/** One drawing call, in points from the page's top left corner. A text call is always one line. */
export type PdfCall =
  | {
      op: 'text';
      text: string;
      x: number;
      y: number;
      width: number;
      align: 'left' | 'right';
      font: PdfFont;
      size: number;
      tone: PdfTone;
    }
  | { op: 'rule'; x: number; y: number; width: number }
  | { op: 'page' };

/** The width in points of `text` set in `font` at `size`: the renderer's font metrics, or a stand-in. */
export type MeasureText = (text: string, font: PdfFont, size: number) => number;

/** A piece of text in one style; it may wrap onto several lines. */
export interface Run {
  text: string;
  font: PdfFont;
  size: number;
  tone: PdfTone;
}

export const run = (text: string, font: PdfFont, size: number, tone: PdfTone = 'ink'): Run => ({
  text,
  font,
  size,
  tone,
});

/** Runs stacked in one column of a row. */
export interface Column {
  runs: Run[];
  x: number;
  width: number;
  align?: 'left' | 'right';
}

/** US Letter, as the invoices are in US dollars. */
export const pdfPage = { width: 612, height: 792, margin: 56 } as const;

const lineHeight = (size: number) => Math.ceil(size * 1.35);

/**
 * Text flowing down pages as drawing calls: rows of columns, each kept whole on one page, gaps and rules. Pure:
 * text is measured through `measure` only.
 */
export function createPdfFlow(measure: MeasureText) {
  const calls: PdfCall[] = [];
  const bottom = pdfPage.height - pdfPage.margin;
  let y: number = pdfPage.margin;

  /** The wrapped lines of a column as text calls from `top`, and their height. */
  const stack = ({ runs, x, width, align = 'left' }: Column, top: number) => {
    const texts: PdfCall[] = [];
    let offset = 0;
    for (const { text, font, size, tone } of runs) {
      for (const line of wrapText(text, (candidate) => measure(candidate, font, size) <= width)) {
        texts.push({ op: 'text', text: line, x, y: top + offset, width, align, font, size, tone });
        offset += lineHeight(size);
      }
    }
    return { texts, height: offset };
  };

  return {
    /** Columns side by side, on the next page if they do not fit on this one; then below the tallest. */
    row(columns: Column[]) {
      const height = Math.max(0, ...columns.map((column) => stack(column, 0).height));
      if (y + height > bottom && y > pdfPage.margin) {
        calls.push({ op: 'page' });
        y = pdfPage.margin;
      }
      for (const column of columns) calls.push(...stack(column, y).texts);
      y += height;
    },
    gap(points: number) {
      y += points;
    },
    /** A hairline across the text's width, and room below it. */
    rule() {
      calls.push({ op: 'rule', x: pdfPage.margin, y: y + 2, width: pdfPage.width - 2 * pdfPage.margin });
      y += 8;
    },
    calls(): PdfCall[] {
      return [...calls];
    },
  };
}
