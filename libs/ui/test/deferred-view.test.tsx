// @vitest-environment happy-dom
import './dom-setup.js';
import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deferredView } from '../src/loading/deferred-view.js';

const Page = ({ title }: { title: string }) => <h1>{title}</h1>;
const fallback = <p role="status">Loading page...</p>;

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('a page whose code is a chunk of its own', () => {
  it('draws the page in its very first render when its code arrived beforehand, never the fallback', async () => {
    const view = deferredView(() => Promise.resolve({ Page }), 'Page');
    await view.preload();
    render(<view.View title="Catalog" fallback={fallback} />);
    expect(screen.getByRole('heading', { name: 'Catalog' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('holds its place with the fallback until the code arrives, loading it once', async () => {
    let arrive: (module: { Page: typeof Page }) => void = () => undefined;
    const load = vi.fn(() => new Promise<{ Page: typeof Page }>((resolve) => (arrive = resolve)));
    const view = deferredView(load, 'Page');
    render(<view.View title="Catalog" fallback={fallback} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading page...');

    await act(async () => arrive({ Page }));
    expect(screen.getByRole('heading', { name: 'Catalog' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    void view.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands a failed load to the nearest error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = deferredView(
      () => Promise.reject<{ Page: typeof Page }>(new Error('Failed to fetch dynamically imported module')),
      'Page',
    );
    render(
      <Boundary>
        <view.View title="Catalog" fallback={fallback} />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch dynamically imported module');
  });
});
