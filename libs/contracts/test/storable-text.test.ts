import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText, maxUnstorableTextPaths } from '../src/index.js';

describe('isStorableText', () => {
  it.each([
    ['a null character', 'a\u0000b'],
    ['a null character alone', '\u0000'],
    ['a high surrogate alone', '\ud800'],
    ['a low surrogate alone', '\udc00'],
    ['a pair in the wrong order', '\udc00\ud800'],
    ['a high surrogate at the end', 'name\ud83d'],
    ['a low surrogate at the start', '\ude00name'],
  ])('refuses %s', (_case, text) => {
    expect(isStorableText(text)).toBe(false);
  });

  it.each([
    ['plain text', 'Risk Scoring Engine'],
    ['the empty string', ''],
    ['an emoji (a well-formed surrogate pair)', 'Launch 🚀'],
    ['other control characters, which Postgres stores', 'tab\there\u0001'],
    ['the replacement character and a noncharacter', '\ufffd\uffff'],
    ['right-to-left text', 'مرحبا'],
  ])('accepts %s', (_case, text) => {
    expect(isStorableText(text)).toBe(true);
  });
});

describe('findUnstorableText', () => {
  it('names every bad string of a body by its path, in arrays and nested objects', () => {
    const body = {
      name: 'ok',
      description: 'bad\u0000',
      features: ['fine', '\ud800'],
      owner: { firstName: '\udc00', age: 3 },
    };

    expect(findUnstorableText(body)).toEqual(['description', 'features.1', 'owner.firstName']);
  });

  it('reports a bad key by its path, made printable', () => {
    expect(findUnstorableText({ metadata: { 'a\u0000b': 'value' } })).toEqual(['metadata.a\ufffdb']);
  });

  it('names a bad string given on its own with the empty path, and finds nothing in good values', () => {
    expect(findUnstorableText('\u0000')).toEqual(['']);
    expect(findUnstorableText({ name: 'Launch 🚀', count: 2, on: true, none: null })).toEqual([]);
    expect(findUnstorableText(undefined)).toEqual([]);
  });

  it('enters null-prototype dictionaries, as the router and the query-string parser make them', () => {
    const NullPrototypeDictionary = function () {} as unknown as new () => Record<string, unknown>;
    NullPrototypeDictionary.prototype = Object.create(null) as object;
    const params = new NullPrototypeDictionary();
    params.id = '\u0000';

    expect(findUnstorableText(params)).toEqual(['id']);
    expect(findUnstorableText(Object.assign(Object.create(null) as object, { q: '\ud800' }))).toEqual(['q']);
  });

  it('does not enter objects that are not plain data, such as a buffer', () => {
    expect(findUnstorableText(Buffer.from('\u0000'))).toEqual([]);
    expect(findUnstorableText(new Map([['a', '\u0000']]))).toEqual([]);
  });

  it('walks a very deeply nested body without overflowing the stack', () => {
    const depth = 100_000;
    let deep: unknown = '\u0000';
    for (let level = 0; level < depth; level += 1) deep = [deep];

    const [path] = findUnstorableText(deep);
    expect(path?.split('.').length).toBe(depth);
    expect(path?.startsWith('0.0.0.')).toBe(true);
  });

  it('reports a bounded number of fields, however many are bad', () => {
    const body = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`f${index}`, '\u0000']));

    expect(findUnstorableText(body)).toHaveLength(maxUnstorableTextPaths);
  });

  it('cuts a long key in a path on a code point boundary', () => {
    const key = `${'🚀'.repeat(100)}\u0000`;
    const [path] = findUnstorableText({ [key]: 'x' });

    expect(path).toBe(`${'🚀'.repeat(64)}…`);
    expect(isStorableText(path ?? '')).toBe(true);
  });
});
