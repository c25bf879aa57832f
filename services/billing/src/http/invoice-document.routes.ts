import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invoiceDocumentSchema,
  invoiceParamsSchema,
  invoicePdfQuerySchema,
  type InvoiceSeller,
} from '@app/contracts';
import { HttpProblem, problemType, type Caller } from '@app/service-kit';
import { renderInvoicePdf } from '../invoice-documents/invoice-pdf.js';
import { readInvoiceDocument } from '../invoice-documents/read-invoice-document.js';

export interface InvoiceDocumentRoutesOptions {
  db: pg.Pool;
  seller: InvoiceSeller;
}

const tags = ['billing'];
const access =
  'The buyer may read their own invoice and an admin any; any other caller is answered 404, as for an unknown id.';

function signedIn(caller: Caller | null): Caller {
  if (!caller)
    throw new HttpProblem(401, 'Authentication required.', { type: problemType('unauthenticated') });
  return caller;
}

/**
 * One invoice (issue 19, item 5): GET /api/invoices/{invoiceId} for the printable invoice page, and
 * GET /api/invoices/{invoiceId}/pdf, the same document as a PDF made on the fly and streamed, never stored. Both
 * read the one view (src/invoice-documents), so the page and the PDF cannot say different things.
 */
export const invoiceDocumentRoutes: FastifyPluginAsyncZod<InvoiceDocumentRoutesOptions> = async (
  app,
  { db, seller },
) => {
  app.get(
    '/api/invoices/:invoiceId',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'One invoice with its seller, buyer and lines',
        description: `What the printable invoice shows; \`amount\` is the total, in dollars. ${access}`,
        tags,
        params: invoiceParamsSchema,
        response: { 200: invoiceDocumentSchema },
      },
    },
    async (request, reply) => {
      const caller = signedIn(request.caller);
      const document = await readInvoiceDocument(db, seller, caller, request.params.invoiceId);
      // Its status changes when it is paid or falls overdue: always read afresh.
      reply.header('cache-control', 'private, no-store');
      return document;
    },
  );

  app.get(
    '/api/invoices/:invoiceId/pdf',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'One invoice as a PDF',
        description:
          'The printable invoice as a PDF download (`INV-000123.pdf`), dates in `timeZone` (UTC when absent). ' +
          access,
        tags,
        params: invoiceParamsSchema,
        querystring: invoicePdfQuerySchema,
        response: {
          // A stream, which no serializer touches: documented as the binary it is.
          200: {
            description: 'The PDF',
            content: {
              'application/pdf': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const caller = signedIn(request.caller);
      const document = await readInvoiceDocument(db, seller, caller, request.params.invoiceId);
      const pdf = renderInvoicePdf(document, request.query.timeZone ?? 'UTC');
      return (
        reply
          .type('application/pdf')
          // The number is INV- and digits (invoiceNumberSchema): nothing in it needs escaping.
          .header('content-disposition', `attachment; filename="${document.invoiceNumber}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf)
      );
    },
  );
};
