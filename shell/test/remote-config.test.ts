// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({ registerRemotes: vi.fn() }));
vi.mock('@module-federation/runtime', () => ({ registerRemotes: runtime.registerRemotes }));

const config = { remotes: [{ name: 'mfe_admin', entry: '/remotes/mfe-admin/remoteEntry.js' }] };
const registered = [{ name: 'mfe_admin', entry: '/remotes/mfe-admin/remoteEntry.js', type: 'module' }];

/** The module keeps its registration for the page's life: each test imports a fresh one. */
async function freshModule() {
  vi.resetModules();
  return import('../src/federation/remote-config.js');
}

beforeEach(() => {
  runtime.registerRemotes.mockClear();
  document.head.innerHTML = '';
});

describe("the remotes' configuration", () => {
  it('is read from the page when the gateway put it there, without a request', async () => {
    const meta = document.createElement('meta');
    meta.name = 'remotes-config';
    meta.content = JSON.stringify(config);
    document.head.append(meta);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);

    await (await freshModule()).registerConfiguredRemotes();
    expect(runtime.registerRemotes).toHaveBeenCalledWith(registered, { force: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is fetched from /remotes.json when the page does not carry it (vite dev)', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(Response.json(config)));
    vi.stubGlobal('fetch', fetchMock);

    await (await freshModule()).registerConfiguredRemotes();
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { credentials: 'same-origin' });
    expect(runtime.registerRemotes).toHaveBeenCalledWith(registered, { force: false });
  });

  it('fails the load, rather than throwing, when the page carries a malformed one', async () => {
    const meta = document.createElement('meta');
    meta.name = 'remotes-config';
    meta.content = '{"remotes": [';
    document.head.append(meta);

    await expect((await freshModule()).registerConfiguredRemotes()).rejects.toThrow(SyntaxError);
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
  });
});
