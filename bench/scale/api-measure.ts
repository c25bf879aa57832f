/**
 * Times each probe (api-probes.ts) through the gateway: p50 and p99 of sequential requests to one address, and
 * the answer's size on the wire and decoded. The probes take turns, one request each per round, so a burst of
 * other work on the machine lands on all of them alike instead of on whichever was being sampled. An endpoint
 * that is not there (404) or does not take the query yet (400) is reported missing, not fatal: the services grow
 * their paged lists while this bench already asks.
 */
import { maxPageLimit } from '@app/contracts';
import { percentile } from '../stats.js';
import type { ApiProbe, Caller } from './api-probes.js';
import { decodedBody, get, type Answer } from './http-probe.js';
import type { ApiFigure } from './results.js';

export interface ApiRun {
  gatewayUrl: string;
  cookies: Record<Caller, string | null>;
  samples: number;
  sampleSeconds: number;
  deepPages: number;
}

interface Sampled {
  url: string;
  headers: Record<string, string>;
  figure: ApiFigure;
  latencies: number[];
  spentMs: number;
}

export async function measureApi(run: ApiRun, probes: readonly ApiProbe[]): Promise<ApiFigure[]> {
  const prepared = await Promise.all(probes.map((probe) => prepare(run, probe).catch(failed(probe))));
  const sampling = prepared.filter((entry): entry is Sampled => 'latencies' in entry);
  for (let round = 0; round < run.samples; round += 1) {
    for (const entry of sampling) {
      if (entry.spentMs > run.sampleSeconds * 1_000 || entry.figure.outcome !== 'ok') continue;
      try {
        const timed = await get(entry.url, entry.headers);
        if (timed.status !== 200)
          throw new Error(`answered ${timed.status} after ${entry.latencies.length} samples`);
        entry.latencies.push(timed.ms);
        entry.spentMs += timed.ms;
      } catch (error) {
        entry.figure = failed(entry.figure)(error);
      }
    }
  }
  return prepared.map((entry) => ('latencies' in entry ? withLatencies(entry) : entry));
}

function withLatencies({ figure, latencies }: Sampled): ApiFigure {
  if (figure.outcome !== 'ok') return figure;
  const [p50Ms, p99Ms] = [percentile(latencies, 50), percentile(latencies, 99)];
  return { ...figure, p50Ms, p99Ms, samples: latencies.length };
}

/** The address to time (a deep one reached by following `next`), and what its answer holds. */
async function prepare(run: ApiRun, probe: ApiProbe): Promise<Sampled | ApiFigure> {
  const cookie = run.cookies[probe.caller];
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let url = `${run.gatewayUrl}${probe.path}`;
  let answer = await get(url, headers);
  let depth = 0;
  if (probe.deep) {
    for (; answer.status === 200 && answer.next && depth < run.deepPages; depth += 1) {
      url = answer.next;
      answer = await get(url, headers);
    }
  }
  if (answer.status !== 200) return { ...unmeasured(probe), ...refusal(answer) };
  const body = decodedBody(answer);
  const json = JSON.parse(body.toString('utf8')) as unknown;
  const items = Array.isArray(json) ? json.length : null;
  const figure: ApiFigure = {
    ...unmeasured(probe),
    outcome: 'ok',
    wireBytes: answer.wire.byteLength,
    jsonBytes: body.byteLength,
    items,
    // A list that answered more items than a page may hold is not paged.
    paged: items === null ? null : items <= maxPageLimit,
    depth: probe.deep ? depth : null,
  };
  return { url, headers, figure, latencies: [], spentMs: 0 };
}

function unmeasured(probe: Pick<ApiProbe, 'name' | 'caller'>): ApiFigure {
  return {
    name: probe.name,
    caller: probe.caller,
    outcome: 'missing',
    p50Ms: Number.NaN,
    p99Ms: Number.NaN,
    samples: 0,
    wireBytes: 0,
    jsonBytes: 0,
    items: null,
    paged: null,
    depth: null,
  };
}

function failed(probe: Pick<ApiProbe, 'name' | 'caller'>) {
  return (error: unknown): ApiFigure => ({
    ...unmeasured(probe),
    outcome: 'failed',
    detail: error instanceof Error ? error.message : String(error),
  });
}

/** 404: no such route yet; 400: the route does not take this query yet. Anything else is a failure. */
function refusal(answer: Answer): Pick<ApiFigure, 'outcome' | 'detail'> {
  const text = decodedBody(answer).toString('utf8');
  let detail = text.slice(0, 160);
  try {
    const problem = JSON.parse(text) as { detail?: string; title?: string };
    detail = problem.detail ?? problem.title ?? detail;
  } catch {
    // Not a problem document: its first characters say enough.
  }
  const missing = answer.status === 404 || answer.status === 400;
  return { outcome: missing ? 'missing' : 'failed', detail: `${answer.status}: ${detail}` };
}
