import { intHash, pick, unitHash } from './random.js';

/** What stays the same for one demo app: its name, version, region, size and people. */
export interface DemoProfile {
  productName: string;
  version: string;
  licenseType: string;
  region: string;
  timezone: string;
  tenantType: string;
  tags: string[];
  adminNotes: string | null;
  domain: string;
  /** Users at the origin date and new ones per day. */
  baseUsers: number;
  usersPerDay: number;
  allocatedMb: number;
  people: Array<{ name: string; userId: string }>;
}

const products = ['SiteLedger', 'BuildTrack Pro', 'CrewPlanner', 'MaterialFlow', 'ProjectHub'];
const regions: Array<[string, string]> = [
  ['us-east-1', 'America/New_York'],
  ['us-west-2', 'America/Los_Angeles'],
  ['eu-west-1', 'Europe/Dublin'],
  ['eu-central-1', 'Europe/Berlin'],
  ['ap-southeast-2', 'Australia/Sydney'],
];
const tenantTypes = ['general-contractor', 'subcontractor', 'architecture-firm', 'property-developer'];
const tagPool = ['construction', 'commercial', 'residential', 'pilot', 'priority-support', 'multi-site'];
const names = ['alex', 'sam', 'jordan', 'riley', 'casey', 'morgan', 'taylor', 'jamie'];
const notes = [
  'Renewal discussion scheduled for next quarter.',
  'Migrated from the legacy plan; watch storage growth.',
  null,
];

export function demoProfile(seed: string): DemoProfile {
  const [region, timezone] = pick(regions, seed, 'region');
  const productName = pick(products, seed, 'product');
  const slug = productName.toLowerCase().replace(/[^a-z]+/g, '');
  return {
    productName,
    version: `${intHash(2, 5, seed, 'major')}.${intHash(0, 12, seed, 'minor')}.${intHash(0, 9, seed, 'patch')}`,
    licenseType: pick(['enterprise', 'professional', 'standard'], seed, 'license'),
    region,
    timezone,
    tenantType: pick(tenantTypes, seed, 'tenant-type'),
    tags: tagPool.filter((tag) => unitHash(seed, 'tag', tag) < 0.4),
    adminNotes: pick(notes, seed, 'notes'),
    domain: `${slug}.demo.local`,
    baseUsers: intHash(300, 4_000, seed, 'users'),
    usersPerDay: intHash(1, 12, seed, 'users-per-day'),
    allocatedMb: pick([20_480, 51_200, 102_400], seed, 'allocated'),
    people: names
      .filter((name) => unitHash(seed, 'person', name) < 0.6)
      .slice(0, 5)
      .map((name) => ({ name, userId: `usr_${Math.floor(unitHash(seed, 'uid', name) * 1e8)}` })),
  };
}
