import { describe, expect, it } from 'vitest';
import { allCategories, catalogQuery } from '../src/pages/catalog/catalog-filters.js';

describe('catalogQuery (SPEC.md §2 "Catalogue")', () => {
  it('asks for active products only when nothing is filtered, whoever browses', () => {
    expect(catalogQuery({ search: '', category: allCategories })).toEqual({ isActive: true });
  });

  it('passes the search text to the server, which matches name or description ignoring case', () => {
    expect(catalogQuery({ search: 'KYC', category: allCategories })).toEqual({ isActive: true, q: 'KYC' });
  });

  it('ignores spaces around the search, and a search of spaces alone', () => {
    expect(catalogQuery({ search: '  bank  ', category: allCategories })).toEqual({
      isActive: true,
      q: 'bank',
    });
    expect(catalogQuery({ search: '   ', category: allCategories })).toEqual({ isActive: true });
  });

  it('keeps only the chosen category, and combines it with the search', () => {
    expect(catalogQuery({ search: '', category: 'Banking' })).toEqual({
      isActive: true,
      category: 'Banking',
    });
    expect(catalogQuery({ search: 'real', category: 'Analytics' })).toEqual({
      isActive: true,
      q: 'real',
      category: 'Analytics',
    });
  });
});
