import { Badge } from './badge.js';

const known = {
  paid: { label: 'Paid', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  overdue: { label: 'Overdue', variant: 'destructive' },
} as const;

/** SPEC.md §2 "Billing": Paid, Pending or Overdue; any other status is shown as it came. The word carries it. */
export function InvoiceStatusBadge({ status }: { status: string }) {
  const entry = Object.hasOwn(known, status) ? known[status as keyof typeof known] : undefined;
  return <Badge variant={entry?.variant ?? 'outline'}>{entry?.label ?? status}</Badge>;
}
