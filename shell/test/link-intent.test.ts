// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkPath, onLinkIntent } from '../src/federation/link-intent.js';

const here = { href: 'http://shop.test/catalog', origin: 'http://shop.test' };

function link(href: string, attributes: Record<string, string> = {}) {
  const anchor = document.createElement('a');
  anchor.setAttribute('href', href);
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  const label = document.createElement('span');
  label.textContent = 'Go';
  anchor.append(label);
  document.body.append(anchor);
  return { anchor, label };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("a link's path, for starting its screen ahead", () => {
  it('is the path of a link of the app, from the link or anything inside it', () => {
    expect(linkPath(link('/dashboard').label, here)).toBe('/dashboard');
    expect(linkPath(link('/tenant-details/42?tab=users').anchor, here)).toBe('/tenant-details/42');
    expect(linkPath(link('http://shop.test/billing').anchor, here)).toBe('/billing');
  });

  it('is none for another origin, the pages the gateway serves, downloads and links opening elsewhere', () => {
    expect(linkPath(link('https://elsewhere.test/dashboard').anchor, here)).toBeNull();
    expect(linkPath(link('/api/login?returnTo=%2Fdashboard').anchor, here)).toBeNull();
    expect(linkPath(link('/billing/invoices/1', { download: '' }).anchor, here)).toBeNull();
    expect(linkPath(link('/analytics', { target: '_blank' }).anchor, here)).toBeNull();
    expect(linkPath(document.body, here)).toBeNull();
  });
});

describe('intent on a link', () => {
  it('is the pointer moving onto it or the focus reaching it, once per path', () => {
    const onIntent = vi.fn();
    const stop = onLinkIntent(document, onIntent);
    const dashboard = link('/dashboard');
    const billing = link('/billing');

    dashboard.label.dispatchEvent(new Event('pointerover', { bubbles: true }));
    dashboard.anchor.dispatchEvent(new Event('pointerover', { bubbles: true }));
    billing.anchor.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(onIntent.mock.calls).toEqual([['/dashboard'], ['/billing']]);

    stop();
    link('/analytics').anchor.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(onIntent).toHaveBeenCalledTimes(2);
  });
});
