import type { WriteRecord } from './ledger.js';
import type { StoreSnapshot, StoredEvent } from './store-snapshot.js';

/**
 * Where each acknowledged write should be, exactly once: its event in the event store, its effect in the
 * owner's read model and in every consumer's copy. A rename counts as there when the row shows that version or
 * a later one (later renames overwrite it); its event must be stored exactly once.
 */
export interface WriteFinding {
  write: WriteRecord;
  /** Places that lack it. */
  missingIn: string[];
  /** Places that hold it more than once. */
  duplicatedIn: string[];
}

/** `shows`: what a rename's row holds instead, named in the finding when it falls short. */
type Count = (place: string, found: number, shows?: string | null) => void;

export function checkWrites(writes: readonly WriteRecord[], snapshot: StoreSnapshot): WriteFinding[] {
  const lookups = indexSnapshot(snapshot);
  return writes
    .filter((write) => write.outcome === 'acknowledged')
    .map((write) => {
      const finding: WriteFinding = { write, missingIn: [], duplicatedIn: [] };
      const count: Count = (place, found, shows) => {
        if (found === 0)
          finding.missingIn.push(shows === undefined ? place : `${place} (shows ${JSON.stringify(shows)})`);
        if (found > 1) finding.duplicatedIn.push(place);
      };
      checkers[`${write.kind}:${write.action}`]?.(write, lookups, count);
      return finding;
    });
}

/** The version a written name carries (`… v7`), or -1 for a name the load did not write. */
export function versionOf(name: string | null | undefined): number {
  const match = /v(\d+)$/.exec(name ?? '');
  return match ? Number(match[1]) : -1;
}

function indexSnapshot(snapshot: StoreSnapshot) {
  const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((row) => [row.id, row]));
  return {
    snapshot,
    events: (type: string, where: (event: StoredEvent) => boolean) =>
      snapshot.events.filter((event) => event.type === type && where(event)),
    catalogProducts: byId(snapshot.catalogProducts),
    tenancyProducts: byId(snapshot.tenancyProducts),
    billingProducts: byId(snapshot.billingProducts),
    identityUsers: byId(snapshot.identityUsers),
    tenancyOwners: byId(snapshot.tenancyOwners),
    tenancyTenants: byId(snapshot.tenancyTenants),
    billingTenants: byId(snapshot.billingTenants),
    monitoringTenants: byId(snapshot.monitoringTenants),
  };
}

type Lookups = ReturnType<typeof indexSnapshot>;

/** 1 when the row shows version `version` or later, else 0: a rename's presence in a read model or copy. */
const reached = (name: string | null | undefined, version: number) => (versionOf(name) >= version ? 1 : 0);
/** Counts a rename in a row whose name field is `name` (absent: no row). */
const renamed = (count: Count, place: string, name: string | null | undefined, version: number) =>
  count(place, reached(name, version), name ?? null);
const exists = (row: unknown) => (row === undefined ? 0 : 1);
const inStream = (stream: string) => (event: StoredEvent) => event.stream === stream;

const checkers: Record<string, (write: WriteRecord, lookups: Lookups, count: Count) => void> = {
  'product:create'(write, l, count) {
    count('event store', l.events('ProductCreated', (event) => event.data.slug === write.marker).length);
    count('catalog.products', l.snapshot.catalogProducts.filter((row) => row.slug === write.marker).length);
    count("tenancy's product copy", exists(l.tenancyProducts.get(write.aggregateId)));
    count("billing's product copy", exists(l.billingProducts.get(write.aggregateId)));
  },
  'product:rename'(write, l, count) {
    const stream = inStream(`catalog_product-${write.aggregateId}`);
    count('event store', l.events('ProductUpdated', (e) => stream(e) && e.data.name === write.marker).length);
    renamed(count, 'catalog.products', l.catalogProducts.get(write.aggregateId)?.name, write.version);
    renamed(count, "tenancy's product copy", l.tenancyProducts.get(write.aggregateId)?.name, write.version);
    renamed(count, "billing's product copy", l.billingProducts.get(write.aggregateId)?.name, write.version);
  },
  'user:create'(write, l, count) {
    count('event store', l.events('UserRegistered', (event) => event.data.email === write.marker).length);
    count('identity.users', l.snapshot.identityUsers.filter((row) => row.email === write.marker).length);
    count("tenancy's owner copy", exists(l.tenancyOwners.get(write.aggregateId)));
  },
  'user:rename'(write, l, count) {
    const stream = inStream(`identity_user-${write.aggregateId}`);
    count(
      'event store',
      l.events('UserProfileChanged', (e) => stream(e) && e.data.firstName === write.marker).length,
    );
    renamed(count, 'identity.users', l.identityUsers.get(write.aggregateId)?.firstName, write.version);
    renamed(count, "tenancy's owner copy", l.tenancyOwners.get(write.aggregateId)?.firstName, write.version);
  },
  'tenant:create'(write, l, count) {
    count('event store', l.events('TenantCreated', (event) => event.data.name === write.marker).length);
    count('tenancy.tenants', exists(l.tenancyTenants.get(write.aggregateId)));
    count("billing's tenant copy", exists(l.billingTenants.get(write.aggregateId)));
    count("monitoring's tenant copy", exists(l.monitoringTenants.get(write.aggregateId)));
  },
  'tenant:rename'(write, l, count) {
    const stream = inStream(`tenancy_tenant-${write.aggregateId}`);
    count('event store', l.events('TenantRenamed', (e) => stream(e) && e.data.name === write.marker).length);
    renamed(count, 'tenancy.tenants', l.tenancyTenants.get(write.aggregateId)?.name, write.version);
    renamed(
      count,
      "monitoring's tenant copy",
      l.monitoringTenants.get(write.aggregateId)?.name,
      write.version,
    );
  },
  'checkout:checkout'(write, l, count) {
    const succeeded = l.events('PaymentSucceeded', (event) => event.data.providerPaymentId === write.marker);
    count('event store (payment)', succeeded.length);
    const paymentId = succeeded[0]?.data.paymentId;
    count(
      'event store (paid invoice)',
      l.events('InvoicePaid', (event) => event.data.paymentId === paymentId).length,
    );
    const payments = l.snapshot.billingPayments.filter((row) => row.providerPaymentId === write.marker);
    count('billing.payments', payments.filter((row) => row.status === 'succeeded').length);
    const invoices = l.snapshot.billingInvoices.filter(
      (row) => row.paymentId !== null && row.paymentId === payments[0]?.id,
    );
    count('billing.invoices', invoices.filter((row) => row.status === 'paid').length);
    const paid = l.snapshot.tenancyPaidInvoices.filter((row) => row.invoiceId === invoices[0]?.id);
    count("tenancy's paid invoices (totalSpent)", paid.length);
    const live = l.snapshot.tenancySubscriptions.filter(
      (row) =>
        row.tenantId === paid[0]?.tenantId &&
        row.productId === write.buyer?.productId &&
        row.status !== 'cancelled',
    );
    // One live subscription per tenant and product: a repeat purchase renews it rather than adding one.
    count("tenancy's subscription", live.length);
    count(
      "identity's billing customer",
      l.snapshot.identityBillingCustomers.filter((row) => row.userId === write.buyer?.userId).length,
    );
  },
};
