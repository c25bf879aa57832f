import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { startIdentity } from '../support/identity-harness.js';
import { asAdmin, asUser, createUser, newUser } from '../support/requests.js';

const identity = startedForFile(startIdentity);

async function exported(url: string) {
  const response = await identity.app.inject({ method: 'GET', url, headers: await asAdmin() });
  expect(response.statusCode, response.body).toBe(200);
  return { response, lines: response.body.split('\r\n').filter((line) => line !== '') };
}

describe('GET /api/admin/users/export (issue 21 item 4)', () => {
  it("is the Users list as CSV with the list's search and role, newest first, formulas written as text", async () => {
    const marker = `Export${randomUUID().slice(0, 8)}`;
    const { user: older } = await createUser(identity, newUser({ firstName: 'Ada', lastName: marker }));
    const { user: admin } = await createUser(
      identity,
      newUser({ firstName: '=HYPERLINK("http://evil")', lastName: marker, role: 'admin' }),
    );

    const { response, lines } = await exported(`/api/admin/users/export?q=${marker}`);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(lines).toEqual([
      'Id,Email,First name,Last name,Role,Active,Payment customer id,Created',
      `${admin.id},${admin.email},"'=HYPERLINK(""http://evil"")",${marker},admin,yes,,${admin.createdAt}`,
      `${older.id},${older.email},Ada,${marker},tenant,yes,,${older.createdAt}`,
    ]);

    const admins = await exported(`/api/admin/users/export?q=${marker}&role=tenant`);
    expect(admins.lines.slice(1).map((line) => line.split(',')[0])).toEqual([older.id]);
  });

  it('refuses a customer, and paging parameters, which an export has none of', async () => {
    const customer = await identity.app.inject({
      method: 'GET',
      url: '/api/admin/users/export',
      headers: await asUser(randomUUID()),
    });
    expect(customer.statusCode).toBe(403);
    const paged = await identity.app.inject({
      method: 'GET',
      url: '/api/admin/users/export?limit=5',
      headers: await asAdmin(),
    });
    expect(paged.statusCode).toBe(400);
  });
});
