import { describe, expect, it } from 'vitest';
import { auditEntryRecordedV1, type AuditEntryData } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { withAuditRelay } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { service } from '../../src/service.js';
import { startIdentity } from '../support/identity-harness.js';
import { asUser, createUser, newUser } from '../support/requests.js';
import { patchAs } from '@app/test-support/admin-requests';

/** Identity with its audit relay: each stored user event as the audit entry the audit service receives. */
const identity = startedForFile(async () =>
  withAuditRelay(await startIdentity(), { ...service, stream: service.publishes.stream }),
);

const entries = (): AuditEntryData[] =>
  identity.nats.messages
    .filter((message) => message.subject === 'identity.audit-entry.recorded.v1')
    .map((message) => auditEntryRecordedV1.parse(JSON.parse(message.text)).data);

describe('identity audit entries', () => {
  it('say who changed which account, and what each field was and became', async () => {
    const adminId = '0196f2a0-0000-7000-8000-00000000ad01';
    const { user } = await createUser(identity, newUser({ firstName: 'Robin', lastName: 'Lee' }));
    await patchAs(identity.app, await asUser(adminId, 'admin'), `/api/admin/users/${user.id}`, {
      lastName: 'Smith',
    });

    const about = () => entries().filter((entry) => entry.entity.id === user.id);
    await eventually(about, (found) => found.length === 2, 10_000);
    expect(about().map((entry) => entry.action)).toEqual(['user.registered', 'user.profile-changed']);
    expect(about()[1]).toMatchObject({
      actor: { type: 'user', userId: adminId, role: 'admin' },
      entity: { type: 'user', id: user.id, label: 'Robin Smith' },
      accountId: user.id,
      changes: [{ field: 'Last name', before: 'Lee', after: 'Smith' }],
    });
  });
});
