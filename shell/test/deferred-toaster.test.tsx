// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { act, render, screen } from '@testing-library/react';
import { dismissToast, toast } from '@app/ui';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferredToaster } from '../src/layout/deferred-toaster.js';

afterEach(() => {
  act(() => dismissToast());
});

describe('the deferred toaster', () => {
  it('renders nothing, not even the toast region, until the first toast', () => {
    const { container } = render(<DeferredToaster />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows a toast raised before it had loaded, and stays mounted afterwards', async () => {
    render(<DeferredToaster />);
    act(() => {
      toast({ title: 'Payment Successful', description: 'Welcome to your new subscription!' });
    });
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome to your new subscription!')).toBeInTheDocument();

    act(() => dismissToast());
    expect(screen.getByRole('region')).toBeInTheDocument();
  });
});
