// @vitest-environment happy-dom
import './dom-setup.js';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, dismissToast, toast } from '../src/index.js';

afterEach(() => {
  act(() => dismissToast());
});

function toastNamed(title: string) {
  return screen.queryByText(title, { selector: '[data-slot=toast-title]' });
}

describe('Toaster (SPEC.md §9)', () => {
  it('shows a toast with its title and description, and closes it after 5000 ms', async () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Product created successfully', description: 'Ledger is in the catalogue.' });
    });
    expect(toastNamed('Product created successfully')).toBeInTheDocument();
    expect(screen.getAllByText('Ledger is in the catalogue.').length).toBeGreaterThan(0);
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(toastNamed('Product created successfully')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(toastNamed('Product created successfully')).not.toBeInTheDocument();
  });

  it('shows one toast at a time', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'User created successfully' });
      toast({ title: 'Error creating user', variant: 'destructive' });
    });
    expect(toastNamed('User created successfully')).not.toBeInTheDocument();
    expect(toastNamed('Error creating user')).toBeInTheDocument();
  });

  it('moves keyboard focus to the notifications with F8', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Elsewhere</button>
        <Toaster />
      </>,
    );
    act(() => {
      toast({ title: 'Tenant updated successfully' });
    });
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.keyboard('[F8]');
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).not.toBe(document.body);
  });

  it('announces a destructive toast assertively and a default one politely', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Failed to update tenant', variant: 'destructive' });
    });
    await vi.waitFor(() =>
      expect(document.querySelector('[role=status][aria-live=assertive]')).toHaveTextContent(
        'Failed to update tenant',
      ),
    );
    act(() => {
      toast({ title: 'Tenant updated successfully' });
    });
    await vi.waitFor(() =>
      expect(document.querySelector('[role=status][aria-live=polite]')).toHaveTextContent(
        'Tenant updated successfully',
      ),
    );
  });

  it('closes from its Close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'User updated successfully' });
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(toastNamed('User updated successfully')).not.toBeInTheDocument();
  });

  describe('swiping right', () => {
    function swipe(distance: number) {
      const element = screen.getByText('Subscription updated successfully').closest('[data-slot=toast]')!;
      fireEvent.pointerDown(element, {
        clientX: 100,
        clientY: 100,
        pointerId: 1,
        button: 0,
        pointerType: 'touch',
      });
      fireEvent.pointerMove(element, {
        clientX: 100 + distance,
        clientY: 100,
        pointerId: 1,
        pointerType: 'touch',
      });
      fireEvent.pointerUp(element, {
        clientX: 100 + distance,
        clientY: 100,
        pointerId: 1,
        pointerType: 'touch',
      });
    }

    it('dismisses the toast past 50 px', () => {
      render(<Toaster />);
      act(() => {
        toast({ title: 'Subscription updated successfully' });
      });
      act(() => swipe(51));
      expect(toastNamed('Subscription updated successfully')).not.toBeInTheDocument();
    });

    it('keeps the toast at 50 px or less', () => {
      render(<Toaster />);
      act(() => {
        toast({ title: 'Subscription updated successfully' });
      });
      act(() => swipe(50));
      expect(toastNamed('Subscription updated successfully')).toBeInTheDocument();
    });
  });
});
