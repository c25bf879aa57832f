import { z } from 'zod';

/**
 * Billing's public value types: named alike by its HTTP payloads, its published events and its own stored
 * events, so the three cannot drift apart.
 */

/** The payment providers billing can use (ARCHITECTURE.md "Payments and billing"). */
export const paymentProviderNameSchema = z.enum(['stripe', 'sandbox']);

/** `INV-` and six or more digits, unique and increasing (ARCHITECTURE.md "Decisions": Invoices). */
export const invoiceNumberSchema = z.string().regex(/^INV-\d{6,}$/, 'number must look like INV-000123');
