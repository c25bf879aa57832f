/** The bench's result table: each figure, its same-run baseline, their ratio and the target it is held to. */

export interface Target {
  /** Which number the target applies to: the ratio to the baseline, or the absolute value. */
  on: 'ratio' | 'value';
  atLeast?: number;
  atMost?: number;
}

export interface Figure {
  name: string;
  value: number;
  baseline: number;
  unit: string;
  /** When the baseline counts something else (inserts/s against appends/s); default `unit`. */
  baselineUnit?: string;
  target: Target;
  /** Extra lines printed under the table: what was measured and how. */
  notes: string[];
}

export function ratioOf(figure: Figure): number {
  return figure.baseline > 0 ? figure.value / figure.baseline : Number.NaN;
}

export function meetsTarget(figure: Figure): boolean {
  const { on, atLeast, atMost } = figure.target;
  const measured = on === 'ratio' ? ratioOf(figure) : figure.value;
  if (Number.isNaN(measured)) return false;
  return (atLeast === undefined || measured >= atLeast) && (atMost === undefined || measured <= atMost);
}

function describeTarget(figure: Figure): string {
  const { on, atLeast, atMost } = figure.target;
  const subject = on === 'ratio' ? 'ratio' : '';
  const unit = on === 'value' ? ` ${figure.unit}` : '';
  const bound = atLeast !== undefined ? `≥ ${formatNumber(atLeast)}` : `≤ ${formatNumber(atMost ?? 0)}`;
  return `${subject ? `${subject} ` : ''}${bound}${unit}`;
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** What a figure's module measures; run.ts names it. */
export type Measurement = Omit<Figure, 'name'>;

export interface FailedFigure {
  name: string;
  error: unknown;
}

export type Outcome = Figure | FailedFigure;

function isFailed(outcome: Outcome): outcome is FailedFigure {
  return 'error' in outcome;
}

/** Prints `figure | value | baseline | ratio | target | result`, then each figure's notes. */
export function printReport(outcomes: readonly Outcome[]): void {
  const header = ['figure', 'value', 'baseline', 'ratio', 'target', 'result'];
  const rows = outcomes.map((outcome) =>
    isFailed(outcome)
      ? [outcome.name, '-', '-', '-', '-', `ERROR: ${errorMessage(outcome.error)}`]
      : [
          outcome.name,
          `${formatNumber(outcome.value)} ${outcome.unit}`,
          `${formatNumber(outcome.baseline)} ${outcome.baselineUnit ?? outcome.unit}`,
          formatNumber(ratioOf(outcome)),
          describeTarget(outcome),
          meetsTarget(outcome) ? 'PASS' : 'MISS',
        ],
  );
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(' | ')
      .trimEnd();
  console.log('');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) console.log(line(row));
  console.log('');
  for (const outcome of outcomes) {
    if (isFailed(outcome)) continue;
    console.log(`${outcome.name}:`);
    for (const note of outcome.notes) console.log(`  ${note}`);
  }
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0] ?? message;
}
