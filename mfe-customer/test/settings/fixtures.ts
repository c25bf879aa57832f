import type { CurrentUser } from '@app/contracts';

export const casey: CurrentUser = {
  id: '0196f2a0-0000-7000-8000-0000000000c1',
  email: 'casey@example.test',
  firstName: 'Casey',
  lastName: 'Customer',
  role: 'tenant',
  profileImageUrl: null,
  createdAt: '2026-01-05T09:00:00.000Z',
};
