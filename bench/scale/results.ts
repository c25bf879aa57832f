/**
 * What one scale run measured, and how each measurement stands against the targets (config.ts
 * `targets`). Pure: the run fills these in, the report prints them, the tests hold the verdicts to the targets.
 */
import { targets } from './config.js';
import type { Caller } from './api-probes.js';

export interface ApiFigure {
  name: string;
  caller: Caller;
  /** missing: the route is not there (404) or does not take the query yet (400); failed: anything else. */
  outcome: 'ok' | 'missing' | 'failed';
  detail?: string;
  p50Ms: number;
  p99Ms: number;
  samples: number;
  wireBytes: number;
  jsonBytes: number;
  /** Items of a list answer; null for a summary. */
  items: number | null;
  /** False when a list answered more items than a page may hold. */
  paged: boolean | null;
  /** How many `next` links a deep-page measurement followed before the page it timed. */
  depth: number | null;
}

export interface ScreenFigure {
  name: string;
  outcome: 'ok' | 'failed';
  detail?: string;
  /** Median, from navigation start to the first row's text in the DOM. */
  firstRowMs: number;
  /** Largest count of elements on the page once its first row showed and the network went quiet. */
  domElements: number;
  samples: number;
}

export interface PhaseFigure {
  phase: string;
  streams: number;
  events: number;
  appendMs: number;
  catchUpMs: number;
  caughtUp: boolean;
  /** What was still behind when the catch-up deadline passed. */
  behind: string[];
}

export interface SizeFigures {
  tenants: number;
  phases: PhaseFigure[];
  api: ApiFigure[];
  screens: ScreenFigure[];
}

export interface RebuildFigure {
  service: string;
  projection: string;
  outcome: 'ok' | 'failed';
  detail?: string;
  events: number;
  seconds: number;
  /** Of `events`, those of the read model's own types. */
  applied?: number;
  /** Of `seconds`, those before the first batch: the reset, the head and the first reads. */
  startSeconds?: number;
  /** Of `seconds`, those building the indexes the replay deferred (libs/eventing deferred-indexes.ts). */
  indexSeconds?: number;
}

export interface ScaleResults {
  /** The screens with only the demo data, before the first size: what first-row growth is measured against. */
  demoScreens: ScreenFigure[];
  sizes: SizeFigures[];
  /** Every read model rebuilt at the largest size. */
  rebuilds: RebuildFigure[];
}

export interface Verdict {
  /** The measurement at the largest size ÷ the one it is held to (the smallest size, or demo size). */
  growth: number;
  result: 'PASS' | 'MISS' | 'missing' | 'ERROR';
  /** Why a MISS missed, or why a measurement is absent. */
  reasons: string[];
}

export function growthOf(last: number, first: number): number {
  return first > 0 && Number.isFinite(first) && Number.isFinite(last) ? last / first : Number.NaN;
}

/** One API measurement across the sizes (smallest first): p99 growth, p99 at the largest, size at every one. */
export function apiVerdict(bySize: readonly (ApiFigure | undefined)[]): Verdict {
  const first = bySize[0];
  const last = bySize.at(-1);
  if (!first || !last || last.outcome !== 'ok' || first.outcome !== 'ok') {
    const absent = [first, last].find((figure) => figure && figure.outcome !== 'ok');
    return {
      growth: Number.NaN,
      result: absent?.outcome === 'failed' ? 'ERROR' : 'missing',
      reasons: [absent?.detail ?? 'not measured'],
    };
  }
  const growth = growthOf(last.p99Ms, first.p99Ms);
  const reasons: string[] = [];
  if (growth > targets.p99Growth)
    reasons.push(`p99 grew ×${growth.toFixed(2)} (target ≤ ×${targets.p99Growth})`);
  if (last.p99Ms > targets.p99Ms)
    reasons.push(`p99 ${last.p99Ms.toFixed(1)} ms (target ≤ ${targets.p99Ms} ms)`);
  const largest = Math.max(...bySize.map((figure) => figure?.jsonBytes ?? 0));
  if (largest > targets.responseBytes) reasons.push(`answer of ${kilobytes(largest)} KB (target ≤ 256 KB)`);
  if (bySize.some((figure) => figure?.paged === false)) reasons.push('not paged');
  return { growth, result: reasons.length === 0 ? 'PASS' : 'MISS', reasons };
}

/** One screen: first-row time at the largest size against demo size, and its DOM at every size. */
export function screenVerdict(
  demo: ScreenFigure | undefined,
  bySize: readonly (ScreenFigure | undefined)[],
): Verdict {
  const last = bySize.at(-1);
  if (!demo || !last || demo.outcome !== 'ok' || last.outcome !== 'ok') {
    const failed = [demo, last].find((figure) => figure && figure.outcome !== 'ok');
    return { growth: Number.NaN, result: 'ERROR', reasons: [failed?.detail ?? 'not measured'] };
  }
  const growth = growthOf(last.firstRowMs, demo.firstRowMs);
  const reasons: string[] = [];
  if (growth > targets.firstRowGrowth) {
    reasons.push(`first row ×${growth.toFixed(2)} of demo size (target ≤ ×${targets.firstRowGrowth})`);
  }
  const dom = Math.max(...bySize.map((figure) => figure?.domElements ?? 0));
  if (dom >= targets.domElements) reasons.push(`${dom} DOM elements (target < ${targets.domElements})`);
  return { growth, result: reasons.length === 0 ? 'PASS' : 'MISS', reasons };
}

export function rebuildVerdict(figure: RebuildFigure): Verdict {
  if (figure.outcome !== 'ok') return { growth: Number.NaN, result: 'ERROR', reasons: [figure.detail ?? ''] };
  const rate = eventsPerSecond(figure);
  const pass = rate >= targets.rebuildEventsPerSecond;
  return {
    growth: Number.NaN,
    result: pass ? 'PASS' : 'MISS',
    reasons: pass
      ? []
      : [`${Math.round(rate)} events/s (target ≥ ${targets.rebuildEventsPerSecond})${startUp(figure)}`],
  };
}

export function eventsPerSecond(figure: RebuildFigure): number {
  return figure.seconds > 0 ? figure.events / figure.seconds : Number.NaN;
}

/** What the fixed start-up weighs in a miss: for a small read model it can be most of the time. */
function startUp({ startSeconds, seconds }: RebuildFigure): string {
  if (startSeconds === undefined || seconds <= 0) return '';
  return `, ${startSeconds.toFixed(2)} s of its ${seconds.toFixed(2)} s before the first batch`;
}

export function kilobytes(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}
