// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NavigationBar } from '../src/layout/navigation-bar.js';
import { avery, casey, renderAt } from './render.js';

const mainLinks = () => within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');

describe('the navigation bar (SPEC.md §2)', () => {
  it("shows a tenant's links and highlights the current route", () => {
    renderAt('/billing', <NavigationBar user={casey} />);
    expect(mainLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Tenant Dashboard', '/dashboard'],
      ['Products', '/catalog'],
      ['Analytics', '/analytics'],
      ['Billing', '/billing'],
    ]);
    const current = mainLinks().filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Billing']);
    expect(current[0]).toHaveClass('text-primary');
    expect(screen.getByRole('link', { name: 'Products' })).not.toHaveClass('text-primary');
  });

  it("shows an admin's links, highlighting Admin Portal there and not Admin Dashboard", () => {
    renderAt('/admin-portal', <NavigationBar user={avery} />);
    expect(mainLinks().map((link) => link.textContent)).toEqual([
      'Admin Dashboard',
      'Admin Portal',
      'Activity',
      'Products',
      'Analytics',
      'Billing',
    ]);
    expect(screen.getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Admin Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('links the logo home and shows the bell with its fixed badge of 3 (SPEC.md §9)', () => {
    renderAt('/dashboard', <NavigationBar user={casey} />);
    expect(screen.getByRole('link', { name: 'FinTech Platform' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Notifications: 3 unread' })).toHaveTextContent('3');
  });

  it("opens the avatar menu with the user's name, email, Settings and Log out", async () => {
    const user = userEvent.setup();
    renderAt('/dashboard', <NavigationBar user={casey} />);
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveTextContent('C');
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Casey Customer')).toBeInTheDocument();
    expect(within(menu).getByText('casey@demo.local')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveAttribute('href', '/api/logout');
  });

  it('shows the avatar letter from the email when there is no first name', () => {
    renderAt('/dashboard', <NavigationBar user={{ ...casey, firstName: null, lastName: null }} />);
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('C');
  });

  it('shows U on the avatar for an old account record without a first name or an email', () => {
    const { firstName: _firstName, email: _email, ...bare } = casey;
    renderAt('/dashboard', <NavigationBar user={bare as typeof casey} />);
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('U');
  });

  it('opens the slide-out menu with the role links and a General section, highlighting the current route', async () => {
    const user = userEvent.setup();
    renderAt('/analytics', <NavigationBar user={avery} />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    const mobile = within(dialog).getByRole('navigation', { name: 'Mobile' });
    expect(
      within(mobile)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Admin Dashboard', 'Admin Portal', 'Activity', 'Products', 'Analytics', 'Billing']);
    const general = within(mobile).getByRole('heading', { name: 'General' });
    expect(general.nextElementSibling).toHaveTextContent('ProductsAnalyticsBilling');
    expect(within(mobile).getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(mobile).getByRole('link', { name: 'Billing' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
