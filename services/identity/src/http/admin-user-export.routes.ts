import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userListQuerySchema, type User } from '@app/contracts';
import { adminExportRoute, decodeCursor, replyWithListExport, type CsvColumns } from '@app/service-kit';
import type pg from 'pg';
import { listUsers, userKeySchema } from '../projections/user-list.js';

export interface AdminUserExportRoutesOptions {
  db: pg.Pool;
  now: () => Date;
}

/** The list's own filters, without its paging: the export is the whole filtered list. */
const userExportQuerySchema = userListQuerySchema.omit({ limit: true, cursor: true });

const userColumns: CsvColumns<User> = {
  header: ['Id', 'Email', 'First name', 'Last name', 'Role', 'Active', 'Payment customer id', 'Created'],
  cells: (user) => [
    user.id,
    user.email,
    user.firstName,
    user.lastName,
    user.role,
    user.isActive ? 'yes' : 'no',
    user.stripeCustomerId,
    user.createdAt,
  ],
};

/** The Admin Portal's Users list as CSV (issue 21 item 4), with the list's filters, streamed page by page. */
export const adminUserExportRoutes: FastifyPluginAsyncZod<AdminUserExportRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/api/admin/users/export',
    adminExportRoute({
      summary: 'Export users as CSV, with the list’s filters',
      description:
        'Every account `GET /api/admin/users` lists with the same `q` and `role`, newest first, streamed as it ' +
        'is read. Cells a spreadsheet would run as a formula are written as text.',
      tags: ['identity'],
      querystring: userExportQuerySchema,
    }),
    async (request, reply) =>
      replyWithListExport(reply, { name: 'users', now: options.now() }, userColumns, ({ cursor, limit }) =>
        listUsers(options.db, request.query, { after: decodeCursor(cursor, userKeySchema), limit }),
      ),
  );
};
