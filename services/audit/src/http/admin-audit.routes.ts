import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntryListSchema, auditExportQuerySchema, auditListQuerySchema } from '@app/contracts';
import { csvResponse, decodeCursor, mapRows, replyWithCsv, replyWithPage } from '@app/service-kit';
import { auditKeySchema, everyRow, listAuditEntries } from '../store/audit-entries.js';
import { toAuditEntry } from '../store/audit-rows.js';
import { auditCsvHeader, auditCsvRow, exportFileName } from './audit-csv.js';

export interface AdminAuditRoutesOptions {
  db: pg.Pool;
  now: () => Date;
  /** Rows an export reads at a time (store/audit-entries.ts's exportPageRows unless a test says otherwise). */
  exportPageRows?: number;
}

const tags = ['audit'];
const filters =
  '`actorId` (a user id or a process name), `entityType` and `entityId`, `action`, `tenantId` (the tenant and ' +
  'what is in it) and the time range `from` (included) to `to` (excluded).';

/** The admin's Activity screen and the Activity cards of tenant, user and product details (issue 21). */
export const adminAuditRoutes: FastifyPluginAsyncZod<AdminAuditRoutesOptions> = async (app, options) => {
  const { db } = options;

  app.get(
    '/api/admin/audit',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'The audit trail, newest first',
        description:
          'Who did what, when, to what, with each changed field before and after; a secret only as set, ' +
          `changed, cleared or revealed. Filters: ${filters}`,
        tags,
        querystring: auditListQuerySchema,
        response: { 200: auditEntryListSchema },
      },
    },
    async (request, reply) => {
      const { limit, cursor, ...where } = request.query;
      const page = await listAuditEntries(db, where, { after: decodeCursor(cursor, auditKeySchema), limit });
      return replyWithPage(request, reply, page.rows.map(toAuditEntry), page.next);
    },
  );

  app.get(
    '/api/admin/audit/export',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'The audit trail as CSV, with the same filters',
        description: `Every entry the filters let through, newest first, streamed as it is read. ${filters}`,
        tags,
        querystring: auditExportQuerySchema,
        response: { 200: csvResponse },
      },
    },
    async (request, reply) => {
      const rows = everyRow((page) => listAuditEntries(db, request.query, page), options.exportPageRows);
      return replyWithCsv(
        reply,
        exportFileName('audit', options.now()),
        auditCsvHeader,
        mapRows(rows, (row) => auditCsvRow(toAuditEntry(row))),
      );
    },
  );
};
