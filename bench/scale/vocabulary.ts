/**
 * The words the scale bench's names are made of, and the search words and filter values its measurements ask for,
 * chosen so that each names a known share of its list's rows at every size.
 */
import type { SubscriptionPlan } from '@app/contracts';

export const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;
const words = (text: string): readonly string[] => text.split(' ');

export const firstNames = words(
  'Ada Ben Chloe Dev Elena Farid Grace Hiro Ines Jonas ' +
    'Kira Liam Maya Nico Olga Priya Quinn Rosa Sami Tara',
);
export const lastNames = words(
  'Alvarez Brooks Chen Dubois Eriksen Fischer Garcia Hughes Ivanova Jensen ' +
    'Kowalski Larsen Moreau Nakamura Okafor Petrov Quintero Rossi Silva Tanaka ' +
    'Ueda Varga Weber Xu Yilmaz Zimmer Abbott Baker Costa Dalton ' +
    'Ellis Flores Gupta Hart Ito Jones Keller Lopez Meyer Novak',
);
export const tenantAdjectives = words(
  'Blue Bright Clear Bold Swift Quiet Green North Silver Golden ' +
    'Urban Prime True Open Red Rapid Solid Smart Wild Calm',
);
export const tenantNouns = words(
  'Harbor Works Labs Studio Systems Partners Ventures Digital Analytics Foods ' +
    'Logistics Media Health Energy Capital Retail Design Cloud Robotics Finance ' +
    'Travel Games Farms Legal Motors Textiles Mining Marine Pharma Security ' +
    'Audio Print Optics Bikes Coffee Books Garden Sports Pets Tools',
);
export const productWords = words(
  'Ledger Payments Insight Vault Pulse Bridge Signal Anchor Compass Beacon ' +
    'Forge Nimbus Orbit Quartz Relay Summit Tally Vector Zenith Atlas',
);
export const productKinds = words('API Suite Monitor Gateway Reports Guard Sync Hub Engine Desk');
export const categories = words('Payments Analytics Security Compliance Lending Treasury Accounting Fraud');
export const colors = words('#3B82F6 #10B981 #F59E0B #EF4444 #8B5CF6 #EC4899');
export const plans: readonly SubscriptionPlan[] = ['basic', 'professional', 'enterprise'];

/** The words the search measurements look for: each names about one in 20 to 40 of its list's rows. */
export const searchWords = {
  tenants: pick(tenantNouns, 7),
  users: pick(lastNames, 7),
  products: pick(productWords, 3),
} as const;

/** A filter value of each list that keeps about a tenth of it (or less). */
export const filterValues = {
  tenantStatus: 'suspended',
  userRole: 'admin',
  productCategory: pick(categories, 2),
  subscriptionStatus: 'trial',
} as const;
