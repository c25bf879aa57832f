import { describe, expect, it } from 'vitest';
import { nextLink } from '../http-probe.js';

describe('the next page of a Link header', () => {
  const base = 'http://127.0.0.1:8080/api/admin/tenants?status=active';

  it('is the rel="next" address, resolved against the request', () => {
    expect(nextLink('</api/admin/tenants?status=active&cursor=abc>; rel="next"', base)).toBe(
      'http://127.0.0.1:8080/api/admin/tenants?status=active&cursor=abc',
    );
  });

  it('is found among other links, and absent on the last page', () => {
    expect(nextLink('</a>; rel="prev", </b?cursor=x>; rel="next"', base)).toBe(
      'http://127.0.0.1:8080/b?cursor=x',
    );
    expect(nextLink('</a>; rel="prev"', base)).toBeNull();
    expect(nextLink(undefined, base)).toBeNull();
  });
});
