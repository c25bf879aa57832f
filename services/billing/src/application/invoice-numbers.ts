import type pg from 'pg';

/**
 * The next invoice number, `INV-` and at least six digits, from billing's `invoice_numbers` sequence
 * (migrations/004_invoice_numbers.sql: unique and increasing, gaps allowed, never reused).
 */
export async function allocateInvoiceNumber(db: pg.Pool): Promise<string> {
  const { rows } = await db.query<{ value: string }>("SELECT nextval('invoice_numbers')::text AS value");
  const value = rows[0]?.value;
  if (value === undefined) throw new Error('The invoice number sequence returned nothing');
  return formatInvoiceNumber(BigInt(value));
}

export function formatInvoiceNumber(value: bigint): string {
  return `INV-${value.toString().padStart(6, '0')}`;
}
