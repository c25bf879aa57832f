import type { RevenueReport } from '@app/contracts';
import { Button, ListRead, Skeleton, StatCard, lazyNamed } from '@app/ui';
import { adminRevenueExportPath, useAdminRevenue } from '@app/web-data';
import {
  AlertTriangle,
  Banknote,
  Download,
  Percent,
  TrendingDown,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react';
import { Suspense } from 'react';
import { longMonthLabel, revenueFigures, type FigureIcon } from './revenue-figures.js';

/** recharts is a chunk of its own, fetched when the tab first opens (as the customer's analytics screen is). */
const RevenueCharts = lazyNamed(() => import('./revenue-charts.js'), 'RevenueCharts');

const icons: Record<FigureIcon, typeof Wallet> = {
  mrr: Wallet,
  up: TrendingUp,
  down: TrendingDown,
  retention: Percent,
  customers: Users,
  money: Banknote,
  alert: AlertTriangle,
};

/**
 * The Admin Dashboard's Revenue tab (issue 21): the current month's figures from billing's revenue read model,
 * the last 12 months' MRR movements and MRR, and the same months as CSV (billing's export).
 */
export function RevenueTab() {
  const revenue = useAdminRevenue();
  return (
    <ListRead read={revenue} loadingLabel="Loading revenue..." loadingRows={4}>
      {(report) => <RevenueReportView report={report} />}
    </ListRead>
  );
}

function RevenueReportView({ report }: { report: RevenueReport }) {
  const current = report.months.at(-1);
  if (!current) return <p className="text-sm text-muted-foreground">No revenue figures yet.</p>;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{longMonthLabel(current.month)}</h2>
        <Button asChild variant="outline" size="sm">
          <a href={adminRevenueExportPath(report)} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
      <ul
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        aria-label={`Figures of ${longMonthLabel(current.month)}`}
      >
        {revenueFigures(current).map((figure) => (
          <li key={figure.title}>
            <StatCard
              title={figure.title}
              icon={icons[figure.icon]}
              value={figure.value}
              note={figure.note}
            />
          </li>
        ))}
      </ul>
      <Suspense fallback={<Skeleton className="h-80 w-full" />}>
        <RevenueCharts months={report.months} />
      </Suspense>
    </div>
  );
}
