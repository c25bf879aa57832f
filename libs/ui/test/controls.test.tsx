// @vitest-environment happy-dom
import './dom-setup.js';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Switch,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../src/index.js';

describe('Tabs', () => {
  function DashboardTabs() {
    return (
      <Tabs defaultValue="overview">
        <TabsList aria-label="Dashboard">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="subscriptions">Subscriptions</TabsTrigger>
          <TabsTrigger value="billing">Billing</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">Quick actions</TabsContent>
        <TabsContent value="subscriptions">No subscriptions</TabsContent>
        <TabsContent value="billing">No invoices</TabsContent>
      </Tabs>
    );
  }

  it('is one tab stop; arrow keys move between tabs and show each panel', async () => {
    const user = userEvent.setup();
    render(<DashboardTabs />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const subscriptions = screen.getByRole('tab', { name: 'Subscriptions' });
    expect(subscriptions).toHaveFocus();
    expect(subscriptions).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Subscriptions' })).toHaveTextContent('No subscriptions');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Billing' })).toHaveTextContent('No invoices');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toHaveFocus();
  });
});

describe('Select', () => {
  function PlanSelect() {
    return (
      <>
        <Label htmlFor="plan">Plan</Label>
        <Select defaultValue="professional">
          <SelectTrigger id="plan">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="basic">Basic</SelectItem>
            <SelectItem value="professional">Professional</SelectItem>
            <SelectItem value="enterprise">Enterprise</SelectItem>
          </SelectContent>
        </Select>
      </>
    );
  }

  it('is a labelled combobox that opens, moves and picks with the keyboard', async () => {
    const user = userEvent.setup();
    render(<PlanSelect />);
    const trigger = screen.getByRole('combobox', { name: 'Plan' });
    expect(trigger).toHaveTextContent('Professional');
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    const listbox = screen.getByRole('listbox');
    expect(screen.getByRole('option', { name: 'Professional' })).toHaveAttribute('aria-selected', 'true');
    expect(listbox).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('Enterprise');
    expect(trigger).toHaveFocus();
  });

  it('closes with Escape and keeps the value', async () => {
    const user = userEvent.setup();
    render(<PlanSelect />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{ArrowUp}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveTextContent('Professional');
  });
});

describe('Switch', () => {
  it('is a labelled switch that Space and its label toggle', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Switch id="email-notifications" defaultChecked />
        <Label htmlFor="email-notifications">Email Notifications</Label>
      </>,
    );
    const toggle = screen.getByRole('switch', { name: 'Email Notifications' });
    expect(toggle).toBeChecked();
    await user.tab();
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
    await user.click(screen.getByText('Email Notifications'));
    expect(toggle).toBeChecked();
  });
});
