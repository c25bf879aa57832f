// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NextScreens } from '../src/federation/next-screens.js';
import { avery, casey, renderAt, stubCurrentUser } from './render.js';

const prefetch = vi.hoisted(() => ({
  prefetchRoute: vi.fn((_client: unknown, _pathname: string) => Promise.resolve()),
  prefetchRouteCode: vi.fn((_pathname: string) => Promise.resolve()),
}));
vi.mock('../src/federation/route-prefetch.js', () => prefetch);
/** The current screen's code and reads: settled when a test says so. */
const current = vi.hoisted(() => ({ settle: () => undefined as void, settled: Promise.resolve() }));
vi.mock('../src/federation/screen-settled.js', () => ({ currentScreenSettled: () => current.settled }));

beforeEach(() => {
  prefetch.prefetchRoute.mockClear();
  prefetch.prefetchRouteCode.mockClear();
  current.settled = new Promise((resolve) => (current.settle = resolve));
});

describe('the next screens, started ahead', () => {
  it("start a signed-in customer's navigation targets' code once the current screen has settled", async () => {
    const fetchMock = stubCurrentUser(casey);
    renderAt('/dashboard', <NextScreens />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(prefetch.prefetchRouteCode).not.toHaveBeenCalled();

    current.settle();
    await vi.waitFor(() =>
      expect(prefetch.prefetchRouteCode.mock.calls.map(([path]) => path)).toEqual([
        '/dashboard',
        '/catalog',
        '/analytics',
        '/billing',
      ]),
    );
  });

  it("start an admin's, their own screens among them", async () => {
    stubCurrentUser(avery);
    current.settle();
    renderAt('/admin', <NextScreens />);
    await vi.waitFor(() =>
      expect(prefetch.prefetchRouteCode.mock.calls.map(([path]) => path)).toContain('/admin-portal'),
    );
  });

  it("start nothing of a visitor's when idle, and a link's screen, code and reads, when pointed at", async () => {
    const fetchMock = stubCurrentUser(null);
    current.settle();
    renderAt(
      '/',
      <>
        <NextScreens />
        <a href="/catalog">Explore Products</a>
      </>,
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(prefetch.prefetchRouteCode).not.toHaveBeenCalled();

    screen
      .getByRole('link', { name: 'Explore Products' })
      .dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(prefetch.prefetchRoute).toHaveBeenCalledWith(expect.anything(), '/catalog');
  });
});
