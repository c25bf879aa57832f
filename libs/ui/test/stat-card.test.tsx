// @vitest-environment happy-dom
import './dom-setup.js';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListError, ListLoading, StatCard } from '../src/index.js';

function Icon({ className }: { className?: string }) {
  return <svg data-testid="icon" className={className} />;
}

describe('StatCard', () => {
  it('shows its title as a level-2 heading, the value and the note', () => {
    render(<StatCard title="Total Spend" icon={Icon} value="$1,234.00" note="All time" />);
    expect(screen.getByRole('heading', { name: 'Total Spend', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('$1,234.00')).toBeInTheDocument();
    expect(screen.getByText('All time')).toBeInTheDocument();
    expect(document.querySelector('[data-slot=skeleton]')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a skeleton and the note while the value is pending', () => {
    render(<StatCard title="Total Spend" icon={Icon} value={undefined} note="All time" />);
    expect(document.querySelector('[data-slot=skeleton]')).toBeInTheDocument();
    expect(screen.getByText('All time')).toBeInTheDocument();
    expect(screen.queryByText('Unavailable')).not.toBeInTheDocument();
  });

  it('says "Unavailable" and alerts the read error in place of the note when it failed', () => {
    render(
      <StatCard
        title="Total Spend"
        icon={Icon}
        value={undefined}
        note="All time"
        error={new Error('500: Internal Server Error')}
      />,
    );
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('500: Internal Server Error');
    expect(screen.queryByText('All time')).not.toBeInTheDocument();
    expect(document.querySelector('[data-slot=skeleton]')).not.toBeInTheDocument();
  });

  it('keeps a value it has even when a later read failed', () => {
    render(
      <StatCard title="Total Spend" icon={Icon} value="$5.00" note="All time" error={new Error('boom')} />,
    );
    expect(screen.getByText('$5.00')).toBeInTheDocument();
    expect(screen.getByText('All time')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('list states', () => {
  it('ListLoading announces its label once and draws the skeleton rows', () => {
    render(<ListLoading label="Loading invoices..." rows={2} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading invoices...');
    expect(document.querySelectorAll('[data-slot=skeleton]')).toHaveLength(2);
  });

  it('ListError alerts the error message as it is', () => {
    render(<ListError error={new Error('HTTP error! status: 503')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('HTTP error! status: 503');
  });
});
