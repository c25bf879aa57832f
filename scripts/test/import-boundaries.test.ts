import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The lint rule behind "services meet only through events, the gateway and declared internal calls"
 * (eslint.config.js): each case lints one import as if it were written in the given file.
 */
const eslint = new ESLint();

async function restrictions(filePath: string, source: string): Promise<string[]> {
  const code = `import { thing } from '${source}';\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import boundaries between deployables', () => {
  it.each([
    ['services/tenancy/src/projections/products-copy.ts', '@app/catalog/product-copy'],
    ['services/billing/src/seed/demo-purchases.ts', '@app/identity'],
    ['services/billing/src/seed/demo-purchases.ts', '../../../identity/src/seed/demo-users.js'],
    ['services/tenancy/test/seed/seed.test.ts', '../../../catalog/test/support/requests.js'],
    ['services/catalog/test/e2e/through-gateway.test.ts', '@app/gateway/app'],
    ['services/monitoring/src/domain/scrape/schedule.ts', '@app/tenancy'],
    ['gateway/src/session-authenticator.ts', '../../services/identity/src/credentials/index.js'],
    ['demo/fixtures/src/accounts.ts', '@app/identity/demo-accounts'],
    ['libs/eventing/src/index.ts', '@app/billing'],
  ])('refuses in %s an import of %s', async (filePath, source) => {
    const [message] = await restrictions(filePath, source);
    expect(message).toContain('meets another only through events');
  });

  it.each([
    ['services/tenancy/src/projections/products-copy.ts', '@app/catalog-copy'],
    ['services/billing/src/seed/demo-purchases.ts', '@app/demo-fixtures'],
    ['services/tenancy/src/application/tenant-stream.ts', '../domain/tenant/events.js'],
    ['services/catalog/test/domain/product.test.ts', '../../src/domain/product/events.js'],
    ['services/billing/src/http/invoices.routes.ts', '@app/contracts'],
    ['gateway/test/catalog-through-gateway.test.ts', '../../services/catalog/src/config.js'],
    ['libs/contracts/src/billing/usage-api.ts', '../gateway/integration-events.js'],
  ])('lets %s import %s', async (filePath, source) => {
    expect(await restrictions(filePath, source)).toEqual([]);
  });

  it('keeps domain code pure beside the boundaries, in services and in the contracts alike', async () => {
    expect(await restrictions('services/tenancy/src/domain/tenant/events.ts', 'node:crypto')).toEqual([
      expect.stringContaining('Domain code stays pure'),
    ]);
    expect(await restrictions('libs/contracts/src/common.ts', 'pg')).toEqual([
      expect.stringContaining('Domain code stays pure'),
    ]);
    expect(await restrictions('libs/contracts/src/common.ts', 'react-router-dom')).toEqual([
      expect.stringContaining('@app/routing'),
    ]);
  });
});
