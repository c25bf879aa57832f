import { demoAccounts } from '@app/identity/demo-accounts';
import type { PatchTenant } from '../application/tenant-commands.js';

const ownerId = (email: string): string => {
  const account = demoAccounts.find((candidate) => candidate.email === email);
  if (!account) throw new Error(`No demo account ${email}`);
  return account.id;
};

/** Fixed ids make the seed idempotent and let the subscription seed name these tenants. */
export const demoTenantIds = {
  caseyStudio: '019a0000-0000-7000-8000-00000000c001',
  jordanLabs: '019a0000-0000-7000-8000-00000000c002',
  northwind: '019a0000-0000-7000-8000-00000000c003',
} as const;

export interface DemoTenant {
  id: string;
  name: string;
  ownerId: string | null;
  /** Applied once, right after creation: domain and provider credentials (demo passwords, sealed on write). */
  details: PatchTenant;
}

/** Demo data only: these provider passwords are public in the source and protect nothing. */
export const demoTenants: readonly DemoTenant[] = [
  {
    id: demoTenantIds.caseyStudio,
    name: 'Casey Studio',
    ownerId: ownerId('casey@demo.local'),
    details: {
      domainUrl: 'https://casey-studio.example.com',
      domainRegistrarUrl: 'https://registrar.example.com',
      domainRegistrarUsername: 'casey',
      domainRegistrarPassword: 'demo-registrar-pass',
      webHostingUrl: 'https://hosting.example.com',
      webHostingUsername: 'casey-studio',
      webHostingPassword: 'demo-hosting-pass',
    },
  },
  {
    id: demoTenantIds.jordanLabs,
    name: 'Jordan Labs',
    ownerId: ownerId('jordan@demo.local'),
    details: {
      domainUrl: 'https://jordanlabs.example.com',
      dnsServerUrl: 'https://dns.example.com',
      dnsServerUsername: 'jordan',
      dnsServerPassword: 'demo-dns-pass',
      emailProviderUrl: 'https://mail.example.com',
      emailProviderUsername: 'postmaster',
    },
  },
  { id: demoTenantIds.northwind, name: 'Northwind Traders', ownerId: null, details: { status: 'suspended' } },
];
