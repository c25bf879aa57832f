import { SectionCard, Skeleton } from '@app/ui';
import type { ReactNode } from 'react';
import { Loaded } from './loaded.js';

export interface ChartData {
  /** Names the drawing for screen readers, with the gist of it (e.g. the total). */
  summary: string;
  /** Column headers of the screen-reader table, e.g. ["Date", "API calls"]. */
  columns: readonly [string, string];
  rows: readonly (readonly [string, string])[];
  /** Nothing to draw: the message replaces the chart. */
  empty: string | null;
}

/**
 * A chart in a card. The drawing is an image named by `summary`; its numbers are also in a visually hidden
 * table, since a screen reader cannot read bars.
 */
export function ChartCard({
  title,
  description,
  data,
  failed,
  children,
}: {
  title: string;
  description: string;
  data: ChartData | undefined;
  failed: boolean;
  children: ReactNode;
}) {
  return (
    <SectionCard className="min-w-0" title={title} titleClassName="text-base" description={description}>
      <Loaded data={data} failed={failed} placeholder={<Skeleton className="h-64 w-full" />}>
        {(chart) => (
          <ChartBody data={chart} title={title}>
            {children}
          </ChartBody>
        )}
      </Loaded>
    </SectionCard>
  );
}

function ChartBody({ data, title, children }: { data: ChartData; title: string; children: ReactNode }) {
  if (data.empty !== null) {
    return (
      <p className="flex h-32 items-center justify-center text-sm text-muted-foreground">{data.empty}</p>
    );
  }
  return (
    <>
      <div role="img" aria-label={data.summary} className="h-64 w-full">
        {children}
      </div>
      {/* A plain table: the design system's scrolls sideways, and a hidden scrolling box is one keyboards cannot reach. */}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{data.columns[0]}</th>
            <th scope="col">{data.columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map(([label, value]) => (
            <tr key={label}>
              <td>{label}</td>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
