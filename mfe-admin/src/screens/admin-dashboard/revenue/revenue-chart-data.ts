import type { RevenueMonthFigures } from '@app/contracts';
import { formatUsd } from '@app/ui';
import { monthLabel } from './revenue-figures.js';

/** The movements stacked per month: gains above the axis, losses below it. */
export const movementSeries = [
  { key: 'newMrr', name: 'New', color: 'var(--color-chart-1)' },
  { key: 'expansionMrr', name: 'Expansion', color: 'var(--color-chart-2)' },
  { key: 'reactivationMrr', name: 'Reactivation', color: 'var(--color-chart-3)' },
  { key: 'contractionMrr', name: 'Contraction', color: 'var(--color-chart-4)' },
  { key: 'churnedMrr', name: 'Churned', color: 'var(--color-chart-5)' },
] as const;

type MovementKey = (typeof movementSeries)[number]['key'];
const losses: ReadonlySet<MovementKey> = new Set(['contractionMrr', 'churnedMrr']);

export type MovementPoint = { month: string } & Record<MovementKey, number>;

/** Billing answers losses as positive amounts; the chart draws them below zero (a loss of 0 stays 0, not -0). */
function signed(month: RevenueMonthFigures, key: MovementKey): number {
  return losses.has(key) && month[key] !== 0 ? -month[key] : month[key];
}

export function movementPoints(months: readonly RevenueMonthFigures[]): MovementPoint[] {
  return months.map((month) => {
    const point = { month: month.month } as MovementPoint;
    for (const { key } of movementSeries) point[key] = signed(month, key);
    return point;
  });
}

/** What a screen reader reads instead of the bars: each month's movements, and its net new MRR. */
export function movementRows(months: readonly RevenueMonthFigures[]): string[][] {
  return months.map((month) => [
    monthLabel(month.month),
    ...movementSeries.map(({ key }) => formatUsd(signed(month, key))),
    formatUsd(month.netNewMrr),
  ]);
}

export const movementColumns = ['Month', ...movementSeries.map(({ name }) => name), 'Net new'];

export function mrrRows(months: readonly RevenueMonthFigures[]): string[][] {
  return months.map((month) => [monthLabel(month.month), formatUsd(month.mrr)]);
}
