import { describe, expect, it } from 'vitest';
import { escapeAttribute, voidElement } from '../src/web/html-tags.js';
import { noRouteHints, pageHints, withHints } from '../src/web/page-hints.js';

describe('writing an attribute value', () => {
  it('escapes every character that could end the value or start markup or an entity', () => {
    expect(escapeAttribute(`a&b"c'd<e>f`)).toBe('a&amp;b&quot;c&#39;d&lt;e&gt;f');
    expect(escapeAttribute('&amp;')).toBe('&amp;amp;');
  });

  it('keeps a value that tries to leave its attribute inside it', () => {
    const tag = voidElement('meta', { name: 'x', content: '"><script>alert(1)</script><meta a="' });
    expect(tag).toBe(
      '<meta name="x" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;meta a=&quot;">',
    );
    expect(tag).not.toContain('<script');
  });
});

describe("the page's hints", () => {
  const config = { remotes: [{ name: 'mfe_admin', entry: '/remotes/mfe-admin/remoteEntry.js' }] };

  it('carry the configuration as JSON the browser reads back unchanged', () => {
    const content = /content="([^"]*)"/.exec(pageHints(config, noRouteHints))?.[1] ?? '';
    const decoded = content.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    expect(JSON.parse(decoded)).toEqual(config);
  });

  it("hint the route's screen code, in order, only when the route has some", () => {
    const code = ['/remotes/mfe-admin/remoteEntry.js', '/remotes/mfe-admin/assets/portal-1.js'];
    expect(pageHints(config, { code, reads: [] })).toContain(
      '<link rel="modulepreload" href="/remotes/mfe-admin/remoteEntry.js">' +
        '<link rel="modulepreload" href="/remotes/mfe-admin/assets/portal-1.js">',
    );
    expect(pageHints(config, noRouteHints)).not.toContain('modulepreload');
  });

  it("preload the current user and the route's first reads with credentials, as the shell's fetch asks", () => {
    const hints = pageHints(config, { code: [], reads: ['/api/admin/users/summary', '/api/x?a=1&b=2'] });
    expect(hints).toContain(
      '<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials">' +
        '<link rel="preload" href="/api/admin/users/summary" as="fetch" crossorigin="use-credentials">' +
        '<link rel="preload" href="/api/x?a=1&amp;b=2" as="fetch" crossorigin="use-credentials">',
    );
    expect(pageHints(config, noRouteHints).match(/rel="preload"/g)).toHaveLength(1);
  });

  it('go at the end of the head, and a page without one is refused', () => {
    expect(withHints('<html><head><title>T</title></head><body></body></html>', '<meta name="a">')).toBe(
      '<html><head><title>T</title><meta name="a"></head><body></body></html>',
    );
    expect(() => withHints('<html><body></body></html>', '<meta name="a">')).toThrow(/no <\/head>/);
  });
});
