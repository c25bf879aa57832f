import type { Product } from '@app/contracts';
import { json, pagedList, renderScreen, type Routes } from '@app/test-support/web';
import type { QueryClient } from '@app/query';
import { StrictMode } from 'react';
import { vi } from 'vitest';
import { CheckoutPage } from '../../src/screens/checkout/checkout-page.js';

export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: crypto.randomUUID(),
    name: 'Risk Scoring Engine',
    slug: 'risk-scoring',
    description: 'Score every applicant in real time.',
    basePrice: 49.99,
    basicPrice: null,
    enterprisePrice: null,
    category: 'Security',
    color: '#EF4444',
    icon: 'Shield',
    features: ['Real-time risk scores', 'Fraud signals', 'Audit trail'],
    isActive: true,
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * The catalogue as the checkout reads it: `GET /api/products?slug=…&isActive=true` answers the active product with
 * that slug (a visitor only ever gets active ones), `GET /api/products/{id}` each product by id.
 */
export function productRoutes(products: readonly Product[]): Routes {
  const bySlug = pagedList((query) =>
    products.filter((product) => product.slug === query.get('slug') && product.isActive),
  );
  return {
    'GET /api/products?*': bySlug,
    ...Object.fromEntries(
      products.map((product) => [`GET /api/products/${product.id}`, () => json(product)]),
    ),
  };
}

/** Mounted as the shell mounts it (`/checkout/:productId?`), under StrictMode to double every effect. */
export function renderCheckout(path: string, client?: QueryClient) {
  return renderScreen(
    <StrictMode>
      <CheckoutPage />
    </StrictMode>,
    path,
    { route: '/checkout/:productId?', ...(client ? { client } : {}) },
  );
}

/** The login redirect is a full navigation; recorded here instead of leaving the test page. */
export function spyOnLocationAssign() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
}

/** A response the test releases when it wants, to look at the state in between. */
export function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
