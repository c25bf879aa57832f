import { PDFParse } from 'pdf-parse';

/** A PDF's text as a reader extracts it, page after page: what a customer could copy out of it. */
export async function pdfTextOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
