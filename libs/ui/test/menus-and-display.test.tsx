// @vitest-environment happy-dom
import './dom-setup.js';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  Avatar,
  AvatarFallback,
  AvatarImage,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Progress,
  Skeleton,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../src/index.js';

describe('DropdownMenu (the avatar menu)', () => {
  it('opens from the keyboard, moves with arrows, picks with Enter and returns focus', async () => {
    const user = userEvent.setup();
    const onLogOut = vi.fn();
    render(
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Account menu">
            <Avatar>
              <AvatarFallback>C</AvatarFallback>
            </Avatar>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>Casey Doe</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem>Settings</DropdownMenuItem>
          <DropdownMenuItem onSelect={onLogOut}>Log out</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onLogOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});

describe('Avatar', () => {
  it('shows the fallback letter while the image has not loaded', () => {
    render(
      <Avatar>
        <AvatarImage src="/avatar.png" alt="Casey Doe" />
        <AvatarFallback>C</AvatarFallback>
      </Avatar>,
    );
    expect(screen.getByText('C')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('status and structure for assistive technology', () => {
  it('Progress is a progressbar with its value', () => {
    render(<Progress value={42} aria-label="CPU" />);
    const bar = screen.getByRole('progressbar', { name: 'CPU' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
  });

  it('Spinner is a status announced as loading; Skeleton is hidden from screen readers', () => {
    render(
      <>
        <Spinner />
        <Skeleton className="h-4" />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(document.querySelector('[data-slot=skeleton]')).toHaveAttribute('aria-hidden', 'true');
  });

  it('Table headers name their columns', () => {
    render(
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Invoice</TableHead>
            <TableHead>Amount</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>INV-000001</TableCell>
            <TableCell>$49.00</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('scope', 'col');
    expect(screen.getByRole('cell', { name: '$49.00' })).toBeInTheDocument();
  });

  it('Button renders a link with the button look when asked', () => {
    render(
      <Button asChild>
        <a href="/catalog">Explore Products</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Explore Products' });
    expect(link).toHaveAttribute('href', '/catalog');
    expect(link).toHaveClass('bg-primary');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
