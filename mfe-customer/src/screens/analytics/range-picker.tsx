import { Button } from '@app/ui';
import { rangeDayOptions, rangeLabel, type RangeDays } from './date-range.js';

/** Segmented buttons: the pressed one is announced as pressed and drawn filled, not told by colour alone. */
export function RangePicker({ value, onChange }: { value: RangeDays; onChange: (days: RangeDays) => void }) {
  return (
    <div
      role="group"
      aria-label="Date range"
      className="inline-flex rounded-md border border-input bg-card p-0.5"
    >
      {rangeDayOptions.map((days) => (
        <Button
          key={days}
          type="button"
          size="sm"
          variant={days === value ? 'default' : 'ghost'}
          aria-pressed={days === value}
          className="h-8 px-2.5 sm:px-3"
          onClick={() => onChange(days)}
        >
          {rangeLabel(days)}
        </Button>
      ))}
    </div>
  );
}
