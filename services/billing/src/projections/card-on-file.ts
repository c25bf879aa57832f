import type pg from 'pg';
import type { CardOnFile } from '@app/contracts';
import type { ProviderName } from '../payments/payment-provider.js';

/** The buyer's card on file at `provider`, from the payers view (migrations/306_card_on_file.sql); null if none. */
export async function cardOnFileOf(
  db: pg.Pool,
  provider: ProviderName,
  userId: string,
): Promise<CardOnFile | null> {
  const { rows } = await db.query<{
    card_brand: string | null;
    card_last4: string | null;
    card_exp_month: number | null;
    card_exp_year: number | null;
  }>(
    `SELECT card_brand, card_last4, card_exp_month, card_exp_year FROM payers
     WHERE user_id = $1 AND provider = $2 AND payment_method_id IS NOT NULL`,
    [userId, provider],
  );
  const row = rows[0];
  if (!row || row.card_brand === null || row.card_last4 === null) return null;
  return {
    brand: row.card_brand,
    last4: row.card_last4,
    expMonth: row.card_exp_month,
    expYear: row.card_exp_year,
  };
}

/** The subscriptions of the tenants `ownerId` owns that can renew: live and not set to cancel at period end. */
export async function renewingSubscriptionIdsOf(db: pg.Pool, ownerId: string): Promise<string[]> {
  const { rows } = await db.query<{ subscription_id: string }>(
    `SELECT s.subscription_id FROM subscriptions s JOIN tenants t ON t.tenant_id = s.tenant_id
     WHERE t.owner_id = $1 AND s.status IN ('active', 'trial') AND s.cancel_requested_at IS NULL`,
    [ownerId],
  );
  return rows.map((row) => row.subscription_id);
}
