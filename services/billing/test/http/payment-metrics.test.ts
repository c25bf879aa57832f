import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { addProduct, startBilling } from '../support/billing-harness.js';
import { clientSecretFor, confirm, newBuyer, testCards } from '../support/requests.js';

const h = startedForFile(startBilling);

async function scrape(): Promise<string> {
  const response = await h.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('billing_payments_total on /metrics', () => {
  it('counts each recorded card payment once by provider and outcome, and a repeated confirmation not at all', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 1_500 });
    const buyer = await newBuyer();
    const paid = await clientSecretFor(h, buyer, product.productId, 15);
    expect((await confirm(h, buyer, paid)).statusCode).toBe(200);
    expect((await confirm(h, buyer, paid)).statusCode).toBe(200);
    const refused = await clientSecretFor(h, buyer, product.productId, 15);
    expect((await confirm(h, buyer, refused, testCards.declined)).statusCode).toBe(402);

    const body = await scrape();
    expect(body).toContain('# TYPE billing_payments_total counter');
    expect(body).toContain('billing_payments_total{provider="sandbox",outcome="succeeded"} 1');
    expect(body).toContain('billing_payments_total{provider="sandbox",outcome="failed"} 1');
  });
});
