import type pg from 'pg';
import { emptyInvoiceMonth, type InvoiceMonth } from '../../domain/revenue/invoice-revenue.js';
import { firstDayOf } from '../../domain/revenue/months.js';
import { emptyMrrMonth, type MrrMonth } from '../../domain/revenue/mrr-month.js';
import type { RevenueHistory } from '../../domain/revenue/revenue-report.js';

/** A month table's columns by the domain's field names; every column but `month` adds (migrations/320). */
const mrrColumns = {
  newCents: 'new_cents',
  expansionCents: 'expansion_cents',
  contractionCents: 'contraction_cents',
  churnedCents: 'churned_cents',
  reactivationCents: 'reactivation_cents',
  newCustomers: 'new_customers',
  churnedCustomers: 'churned_customers',
  reactivatedCustomers: 'reactivated_customers',
} as const satisfies Record<keyof MrrMonth, string>;

const invoiceColumns = {
  collectedCents: 'collected_cents',
  paidInvoices: 'paid_invoices',
  outstandingChangeCents: 'outstanding_change_cents',
  overdueChangeCents: 'overdue_change_cents',
} as const satisfies Record<keyof InvoiceMonth, string>;

type MonthTable<Month> = { table: string; columns: Record<keyof Month & string, string>; empty: Month };

const mrrTable: MonthTable<MrrMonth> = {
  table: 'revenue_mrr_months',
  columns: mrrColumns,
  empty: emptyMrrMonth,
};
const invoiceTable: MonthTable<InvoiceMonth> = {
  table: 'revenue_invoice_months',
  columns: invoiceColumns,
  empty: emptyInvoiceMonth,
};

/** Adds each month's figures to its row, made when missing, in one statement. */
async function addMonths<Month extends object>(
  tx: pg.PoolClient,
  { table, columns }: MonthTable<Month>,
  months: ReadonlyMap<string, Month>,
): Promise<void> {
  if (months.size === 0) return;
  const fields = Object.keys(columns) as (keyof Month & string)[];
  const names = fields.map((field) => columns[field]);
  const rows = [...months].map(([month, figures]) => ({
    month: firstDayOf(month),
    ...Object.fromEntries(fields.map((field) => [columns[field], figures[field]])),
  }));
  await tx.query(
    `INSERT INTO ${table} (month, ${names.join(', ')})
     SELECT month, ${names.join(', ')} FROM json_populate_recordset(NULL::${table}, $1::json)
     ON CONFLICT (month) DO UPDATE SET
       ${names.map((name) => `${name} = ${table}.${name} + excluded.${name}`).join(', ')}`,
    [JSON.stringify(rows)],
  );
}

export function addMrrMonths(tx: pg.PoolClient, months: ReadonlyMap<string, MrrMonth>): Promise<void> {
  return addMonths(tx, mrrTable, months);
}

export function addInvoiceMonths(
  tx: pg.PoolClient,
  months: ReadonlyMap<string, InvoiceMonth>,
): Promise<void> {
  return addMonths(tx, invoiceTable, months);
}

async function readMonths<Month extends object>(
  db: pg.Pool,
  { table, columns, empty }: MonthTable<Month>,
): Promise<Map<string, Month>> {
  const fields = Object.keys(columns) as (keyof Month & string)[];
  const { rows } = await db.query<Record<string, string>>(
    `SELECT to_char(month, 'YYYY-MM') AS month, ${fields.map((field) => `${columns[field]}::text`).join(', ')}
     FROM ${table}`,
  );
  return new Map(
    rows.map((row) => {
      const figures = { ...empty };
      for (const field of fields) (figures as Record<string, number>)[field] = Number(row[columns[field]]);
      return [row.month as string, figures];
    }),
  );
}

/** Every month row of both writers: one per month of history, however many subscriptions and invoices. */
export async function readRevenueHistory(db: pg.Pool): Promise<RevenueHistory> {
  const [mrr, invoices] = await Promise.all([readMonths(db, mrrTable), readMonths(db, invoiceTable)]);
  return { mrr, invoices };
}
