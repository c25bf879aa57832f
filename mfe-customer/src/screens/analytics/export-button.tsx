import { downloadCsv } from '@app/csv/download';
import { Button } from '@app/ui';
import { Download } from 'lucide-react';
import { analyticsCsv, analyticsFileName } from './analytics-csv.js';
import type { AnalyticsFigures } from './figures.js';

/** Downloads the figures on screen; disabled until every read behind them has answered. */
export function ExportButton({ figures }: { figures: AnalyticsFigures | undefined }) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={figures === undefined}
      onClick={() => {
        if (figures) downloadCsv(analyticsFileName(figures.range), analyticsCsv(figures));
      }}
    >
      <Download aria-hidden />
      Export
    </Button>
  );
}
