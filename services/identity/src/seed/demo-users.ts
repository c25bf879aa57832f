import type { UserRole } from '@app/contracts';

export interface DemoAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  /**
   * The password `npm start` sets for this account and prints among the demo logins. Demo data only: it is
   * here in the source for everyone to read, so it must never be set outside the demo seed.
   */
  demoPassword: string;
}

const adminPassword = 'demo-admin-password-2026';
const customerPassword = 'demo-customer-password-2026';

/**
 * The demo accounts: one administrator and two customers (tenants). Fixed ids make the seed idempotent, and
 * let the other services' demo data (tenants, subscriptions) name these users as owners.
 */
export const demoAccounts: readonly DemoAccount[] = [
  {
    id: '019a0000-0000-7000-8000-00000000b001',
    email: 'admin@demo.local',
    firstName: 'Avery',
    lastName: 'Admin',
    role: 'admin',
    demoPassword: adminPassword,
  },
  {
    id: '019a0000-0000-7000-8000-00000000b002',
    email: 'casey@demo.local',
    firstName: 'Casey',
    lastName: 'Customer',
    role: 'tenant',
    demoPassword: customerPassword,
  },
  {
    id: '019a0000-0000-7000-8000-00000000b003',
    email: 'jordan@demo.local',
    firstName: 'Jordan',
    lastName: 'Lee',
    role: 'tenant',
    demoPassword: customerPassword,
  },
];
