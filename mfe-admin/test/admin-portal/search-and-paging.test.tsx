// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminPortalPage } from '../../src/screens/admin-portal/admin-portal-page.js';
import { pagedList, renderScreen } from '@app/test-support/web';
import { aProduct, aTenant, aUser } from '../support/fixtures.js';
import { stubPortal } from './portal-api.js';

type User = ReturnType<typeof userEvent.setup>;

const searchedUrls = (urls: string[], path: string) => urls.filter((url) => url.startsWith(`${path}?q=`));

async function openTab(user: User, name: string) {
  await user.click(await screen.findByRole('tab', { name }));
}

describe('Admin Portal, searching the lists on the server', () => {
  it('asks for the users once typing rests, with the search in the address, and shows the answer', async () => {
    const user = userEvent.setup();
    const ada = aUser({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    const people = [ada, aUser({ firstName: 'Bo', lastName: 'Ng', email: 'bo@example.com' })];
    const matching = (query: URLSearchParams) =>
      people.filter((person) => person.email.includes(query.get('q') ?? ''));
    const api = stubPortal(
      {},
      { 'GET /api/admin/users': pagedList(people), 'GET /api/admin/users?*': pagedList(matching) },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const rows = () =>
      within(screen.getByRole('list', { name: 'Users' })).getAllByRole('heading', { level: 3 });
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ada');
    await waitFor(() => expect(rows().map((row) => row.textContent)).toEqual(['Ada Lovelace']));
    expect(
      searchedUrls(
        api.calls.map((call) => call.url),
        '/api/admin/users',
      ),
    ).toEqual(['/api/admin/users?q=ada']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText('No users match "nobody"')).toBeInTheDocument();
  });

  it('searches the tenants and the products by their own boxes', async () => {
    const user = userEvent.setup();
    const api = stubPortal(
      { tenants: [aTenant({ name: 'Acme Corp' })], products: [aProduct({ name: 'Ledger' })] },
      {
        'GET /api/admin/tenants?q=acme': pagedList([aTenant({ name: 'Acme Corp' })]),
        'GET /api/products?q=ledg': pagedList([aProduct({ name: 'Ledger' })]),
      },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');

    await openTab(user, 'Tenants');
    await user.type(await screen.findByRole('searchbox', { name: 'Search tenants' }), 'acme');
    await waitFor(() => expect(api.callsTo('/api/admin/tenants?q=acme')).toHaveLength(1));
    await openTab(user, 'Products');
    await user.type(await screen.findByRole('searchbox', { name: 'Search products' }), 'ledg');
    await waitFor(() => expect(api.callsTo('/api/products?q=ledg')).toHaveLength(1));
    expect(
      searchedUrls(
        api.calls.map((call) => call.url),
        '/api/products',
      ),
    ).toEqual(['/api/products?q=ledg']);
  });
});

describe('Admin Portal, long lists', () => {
  it('reads 5,000 users page by page with Load more while the DOM holds a few dozen rows', async () => {
    const user = userEvent.setup();
    const everyone = Array.from({ length: 5_000 }, (_, index) =>
      aUser({ firstName: 'User', lastName: String(index + 1), email: `user${index + 1}@example.com` }),
    );
    const serve = pagedList(everyone, { defaultLimit: 200 });
    const api = stubPortal({}, { 'GET /api/admin/users': serve, 'GET /api/admin/users?*': serve });
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const list = await screen.findByRole('list', { name: 'Users' });

    while (screen.queryByRole('button', { name: 'Load more' })) {
      await user.click(screen.getByRole('button', { name: /Load more|Loading more/ }));
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Loading more...' })).not.toBeInTheDocument(),
      );
    }
    expect(api.callsTo('/api/admin/users?cursor=at4800')).toHaveLength(1);
    const drawn = within(list).getAllByRole('listitem');
    expect(drawn[0]).toHaveAttribute('aria-setsize', '5000');
    expect(drawn.length).toBeLessThan(100);
    expect(document.querySelectorAll('li').length).toBeLessThan(300);
  });
});
