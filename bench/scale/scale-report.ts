/**
 * The scale run as Markdown tables (README "Benchmarks" and the closing note take them as printed): the
 * loading and catch-up of each size, every API measurement and screen across the sizes with its growth and the
 * issue's target, the rebuilds, and why each miss missed.
 */
import { formatNumber } from '../report.js';
import { baselineProbe } from './api-probes.js';
import { baselineScreen } from './screen-list.js';
import {
  apiVerdict,
  eventsPerSecond,
  kilobytes,
  rebuildVerdict,
  screenVerdict,
  type ApiFigure,
  type ScaleResults,
  type ScreenFigure,
  type Verdict,
} from './results.js';

const count = (value: number) => Math.round(value).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1_000).toFixed(1)} s`;
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const table = (header: readonly string[], rows: readonly (readonly string[])[]) => [
  row(header),
  row(header.map(() => '---')),
  ...rows.map(row),
];
const ratio = (value: number) => (Number.isFinite(value) ? `×${value.toFixed(2)}` : '-');
const growth = (verdict: Verdict) => ratio(verdict.growth);
/** A growth divided by the baseline's over the same sizes: what is left once the machine's drift is taken out. */
const relativeTo = (verdict: Verdict, drift: number) => ratio(verdict.growth / drift);

export function scaleReport(results: ScaleResults): string[] {
  const sizes = results.sizes.map((size) => count(size.tenants));
  const notes: string[] = [];
  const baseline = apiRows(results).find((row) => row.name === baselineProbe.name);
  const drift = baseline ? apiVerdict(baseline.bySize).growth : Number.NaN;
  const demoBaseline = results.demoScreens.find((screen) => screen.name === baselineScreen.name);
  const screenDrift = screenVerdict(
    demoBaseline,
    results.sizes.map((size) => size.screens.find((screen) => screen.name === baselineScreen.name)),
  ).growth;
  return [
    '### Loading and catch-up',
    ...table(
      ['tenants', 'phase', 'streams', 'events', 'append', 'events/s', 'caught up after'],
      results.sizes.flatMap((size) =>
        size.phases.map((phase) => [
          count(size.tenants),
          phase.phase,
          phase.streams > 0 ? count(phase.streams) : '-',
          phase.events > 0 ? count(phase.events) : '-',
          seconds(phase.appendMs),
          phase.events > 0 && phase.appendMs > 0 ? count((phase.events * 1_000) / phase.appendMs) : '-',
          `${seconds(phase.catchUpMs)}${phase.caughtUp ? '' : ' (not caught up)'}`,
        ]),
      ),
    ),
    '',
    '### API through the gateway: p50 / p99, answer decoded (on the wire)',
    ...table(
      ['measurement', 'as', ...sizes, 'p99 growth', '÷ baseline growth', 'result'],
      apiRows(results).map(({ name, caller, bySize }) => {
        const verdict = apiVerdict(bySize);
        if (name !== baselineProbe.name) noteReasons(notes, name, verdict);
        const cells = bySize.map(apiCell);
        return [name, caller, ...cells, growth(verdict), relativeTo(verdict, drift), verdict.result];
      }),
    ),
    '',
    '### Screens in Chromium: time to first row, DOM elements',
    ...table(
      ['screen', 'demo data', ...sizes, 'first-row growth', '÷ baseline growth', 'result'],
      results.demoScreens.map((demo) => {
        const bySize = results.sizes.map((size) => size.screens.find((screen) => screen.name === demo.name));
        const verdict = screenVerdict(demo, bySize);
        if (demo.name !== baselineScreen.name) noteReasons(notes, demo.name, verdict);
        const cells = [screenCell(demo), ...bySize.map(screenCell)];
        return [demo.name, ...cells, growth(verdict), relativeTo(verdict, screenDrift), verdict.result];
      }),
    ),
    '',
    ...rebuildTable(results, notes),
    ...behindNotes(results),
    ...notes,
  ];
}

function rebuildTable(results: ScaleResults, notes: string[]): string[] {
  if (results.rebuilds.length === 0) return [];
  const largest = results.sizes.at(-1)?.tenants ?? 0;
  return [
    `### Read-model rebuilds at ${count(largest)} tenants`,
    ...table(
      [
        'service',
        'read model',
        "events (the model's own)",
        'time (before the first batch; building indexes)',
        'events/s',
        'result',
      ],
      results.rebuilds.map((rebuild) => {
        const verdict = rebuildVerdict(rebuild);
        noteReasons(notes, `${rebuild.service} ${rebuild.projection} rebuild`, verdict);
        const ok = rebuild.outcome === 'ok';
        return [
          rebuild.service,
          rebuild.projection,
          ok
            ? `${count(rebuild.events)} (${rebuild.applied === undefined ? '?' : count(rebuild.applied)})`
            : '-',
          ok
            ? `${rebuild.seconds.toFixed(2)} s (${preciseSeconds(rebuild.startSeconds)}; ${preciseSeconds(rebuild.indexSeconds)})`
            : '-',
          ok ? count(eventsPerSecond(rebuild)) : '-',
          verdict.result,
        ];
      }),
    ),
    '',
  ];
}

interface ApiRow {
  name: string;
  caller: string;
  bySize: (ApiFigure | undefined)[];
}

function apiRows(results: ScaleResults): ApiRow[] {
  const names = [...new Set(results.sizes.flatMap((size) => size.api.map((figure) => figure.name)))];
  return names.map((name) => {
    const bySize = results.sizes.map((size) => size.api.find((figure) => figure.name === name));
    return { name, caller: bySize.find(Boolean)?.caller ?? '-', bySize };
  });
}

function apiCell(figure: ApiFigure | undefined): string {
  if (!figure) return '-';
  if (figure.outcome !== 'ok') return `${figure.outcome} (${figure.detail?.split(':', 1)[0] ?? '?'})`;
  const depth = figure.depth === null ? '' : `, page ${figure.depth + 1}`;
  const items = figure.items === null ? '' : `, ${count(figure.items)} items`;
  return (
    `${formatNumber(figure.p50Ms)} / ${formatNumber(figure.p99Ms)} ms · ` +
    `${kilobytes(figure.jsonBytes)} KB (${kilobytes(figure.wireBytes)})${items}${depth}`
  );
}

function screenCell(figure: ScreenFigure | undefined): string {
  if (!figure) return '-';
  if (figure.outcome !== 'ok') return 'failed';
  return `${count(figure.firstRowMs)} ms · ${count(figure.domElements)} el.`;
}

function noteReasons(notes: string[], name: string, verdict: Verdict): void {
  if (verdict.result !== 'PASS') notes.push(`- ${name}: ${verdict.result}, ${verdict.reasons.join('; ')}`);
}

function behindNotes(results: ScaleResults): string[] {
  return results.sizes.flatMap((size) =>
    size.phases
      .filter((phase) => !phase.caughtUp)
      .map(
        (phase) =>
          `- ${count(size.tenants)} tenants, ${phase.phase}: still behind: ${phase.behind.join('; ')}`,
      ),
  );
}

function preciseSeconds(value: number | undefined): string {
  return value === undefined ? '?' : `${value.toFixed(2)} s`;
}
