// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@app/test-support/web';
import { TabbedPage } from '../../src/components/tabbed-page.js';

const tabs = [
  { value: 'users', label: 'Users', content: <p>every user</p> },
  { value: 'invoices', label: 'Invoices', content: <p>every invoice</p> },
];

function renderAt(path: string) {
  return renderScreen(<TabbedPage title="Admin Portal" summary={null} tabs={tabs} />, path, {
    route: '/admin-portal',
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('an admin page with tabs', () => {
  it('opens the first tab when the address names none', () => {
    renderAt('/admin-portal');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('every user')).toBeInTheDocument();
  });

  it('opens the tab the address names, so a link, Back or a reload lands on it', () => {
    renderAt('/admin-portal?tab=invoices');
    expect(screen.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('every invoice')).toBeInTheDocument();
  });

  it('opens the first tab for a name it has no tab of', () => {
    renderAt('/admin-portal?tab=nothing');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  });

  it('writes the opened tab into the address, keeping what else it holds, and the first tab out of it', async () => {
    const user = userEvent.setup();
    renderAt('/admin-portal?q=casey');
    await user.click(screen.getByRole('tab', { name: 'Invoices' }));
    expect(location()).toBe('/admin-portal?q=casey&tab=invoices');
    expect(screen.getByText('every invoice')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(location()).toBe('/admin-portal?q=casey');
  });
});
