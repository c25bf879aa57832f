import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { oidcMessages } from '../../../src/http/login-oidc.js';
import { pages, renderPage, type PageName, type PageView } from '../../../src/http/pages/render-page.js';
import { parsePage } from '../../support/parse-page.js';

/**
 * Closes a double- or single-quoted attribute, a tag and a title, opens a script, and holds an entity that must
 * reach the screen as typed.
 */
const hostile = `"'></title><script>alert(1)</script>&amp;`;
const harmless = 'harmless';

/**
 * For every page, views in which each value that comes from a person, a link or the configuration (names,
 * emails, returnTo, the single sign-on provider, error messages, the setup token) is `value`. Typed over the
 * registry, so a page added to it does not compile until it is listed here.
 */
const viewsWith: { [Name in PageName]: (value: string) => Array<PageView<Name>> } = {
  login: (value) =>
    (['sign-in', 'sign-up'] as const).map((mode) => ({
      productName: value,
      mode,
      returnTo: `/${value}`,
      values: { email: value, firstName: value, lastName: value },
      formError: value,
      fieldErrors: { email: value, password: value, firstName: value, lastName: value },
      singleSignOn: { providerName: value },
    })),
  passwordSetup: (value) => [
    {
      productName: value,
      token: value,
      email: value,
      formError: value,
      fieldErrors: { password: value, confirmPassword: value },
    },
  ],
  message: (value) => {
    const oidc = oidcMessages(value);
    const sentences = [oidc.unavailable, oidc.cancelled, oidc.failed, ...Object.values(oidc.refusals)];
    return [
      { productName: value, title: value, message: value, link: { href: `/${value}`, label: value } },
      ...sentences.map((message) => ({ productName: value, title: 'Sign in', message })),
    ];
  },
  signOut: (value) => [{ productName: value }],
};

type PageNode = { tag: string; attributes: Array<[string, string]> } | { text: string };

/** The document as a browser builds it: every element with its attributes (links decoded), every text. */
function documentOf(html: string): PageNode[] {
  const nodes: PageNode[] = [];
  const visit = (node: Node) => {
    if (node.nodeType === node.TEXT_NODE) nodes.push({ text: node.textContent ?? '' });
    if (node.nodeType === node.ELEMENT_NODE) {
      const element = node as Element;
      const attributes = [...element.attributes]
        .map(({ name, value }): [string, string] => [name, decodedLink(name, value)])
        .sort(([a], [b]) => a.localeCompare(b));
      nodes.push({ tag: element.tagName.toLowerCase(), attributes });
    }
    node.childNodes.forEach(visit);
  };
  visit(parsePage(html).documentElement);
  return nodes;
}

/** A returnTo travels percent-encoded inside links; decoded, it can be compared with what was put in. */
function decodedLink(name: string, value: string): string {
  return name === 'href' || name === 'action' ? decodeURIComponent(value) : value;
}

/**
 * A hostile value must change nothing but the data: the page holds the same elements and attributes as with a
 * harmless value, and the hostile value exactly where the harmless one was, as text or an attribute's value.
 */
function expectOnlyData(render: (value: string) => string): void {
  const expected = JSON.stringify(documentOf(render(harmless)));
  expect(expected, 'the page shows the value somewhere').toContain(harmless);
  const withHostile = expected.replaceAll(harmless, JSON.stringify(hostile).slice(1, -1));
  const html = render(hostile);
  expect(parsePage(html).querySelectorAll('script')).toHaveLength(0);
  expect(JSON.stringify(documentOf(html))).toBe(withHostile);
}

describe.each(Object.keys(pages) as PageName[])('the %s page', (name) => {
  const views = viewsWith[name] as (value: string) => Array<PageView<typeof name>>;
  it.each(views(harmless).map((_, index) => index))(
    'shows hostile values as text only (view %i)',
    (index) => {
      expectOnlyData((value) => renderPage(name, views(value)[index]!));
    },
  );
});

describe('the check itself', () => {
  it('fails for a page that writes a value unescaped', () => {
    const unescaped = (value: string) =>
      renderToStaticMarkup(createElement('p', { dangerouslySetInnerHTML: { __html: value } }));
    expect(() => expectOnlyData(unescaped)).toThrow();
  });
});
