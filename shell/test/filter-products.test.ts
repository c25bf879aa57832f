import type { Product } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { allCategories, categoriesOf, filterProducts } from '../src/pages/catalog/filter-products.js';

function product(overrides: Partial<Product> & Pick<Product, 'id' | 'name'>): Product {
  return {
    slug: overrides.name.toLowerCase().replaceAll(' ', '-'),
    description: null,
    basePrice: 99,
    category: null,
    color: '#3B82F6',
    icon: 'BarChart3',
    features: [],
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const analytics = product({
  id: 'p1',
  name: 'Advanced Analytics',
  description: 'Real-time dashboards',
  category: 'Analytics',
});
const banking = product({
  id: 'p2',
  name: 'Bank Connect',
  description: 'Connect to 500+ institutions',
  category: 'Banking',
});
const kyc = product({ id: 'p3', name: 'KYC Check', description: null, category: 'Compliance' });
const retired = product({
  id: 'p4',
  name: 'Legacy Analytics',
  description: 'Real-time reports',
  category: 'Analytics',
  isActive: false,
});
const catalogue = [analytics, banking, kyc, retired];
const ids = (products: Product[]) => products.map((shown) => shown.id);

describe('filterProducts (SPEC.md §2 "Catalogue")', () => {
  it('shows only active products when nothing is filtered', () => {
    expect(ids(filterProducts(catalogue, { search: '', category: allCategories }))).toEqual([
      'p1',
      'p2',
      'p3',
    ]);
  });

  it('matches the name ignoring case', () => {
    expect(ids(filterProducts(catalogue, { search: 'kyc', category: allCategories }))).toEqual(['p3']);
    expect(ids(filterProducts(catalogue, { search: 'ANALYTICS', category: allCategories }))).toEqual(['p1']);
  });

  it('matches the description ignoring case, and a product without one only by name', () => {
    expect(ids(filterProducts(catalogue, { search: 'INSTITUTIONS', category: allCategories }))).toEqual([
      'p2',
    ]);
    expect(ids(filterProducts(catalogue, { search: 'real-TIME', category: allCategories }))).toEqual(['p1']);
  });

  it('ignores spaces around the search', () => {
    expect(ids(filterProducts(catalogue, { search: '  bank  ', category: allCategories }))).toEqual(['p2']);
  });

  it('keeps only the chosen category, and combines it with the search', () => {
    expect(ids(filterProducts(catalogue, { search: '', category: 'Banking' }))).toEqual(['p2']);
    expect(ids(filterProducts(catalogue, { search: 'connect', category: 'Analytics' }))).toEqual([]);
    expect(ids(filterProducts(catalogue, { search: 'real', category: 'Analytics' }))).toEqual(['p1']);
  });

  it('finds nothing for a search no product matches', () => {
    expect(filterProducts(catalogue, { search: 'no such product', category: allCategories })).toEqual([]);
  });
});

describe('categoriesOf', () => {
  it('lists the distinct categories of the active products, alphabetically', () => {
    const second = product({ id: 'p5', name: 'Risk Score', category: 'Banking' });
    const uncategorised = product({ id: 'p6', name: 'Misc', category: null });
    const onlyInactive = product({ id: 'p7', name: 'Old', category: 'Retired', isActive: false });
    expect(categoriesOf([...catalogue, second, uncategorised, onlyInactive])).toEqual([
      'Analytics',
      'Banking',
      'Compliance',
    ]);
  });
});
