/**
 * Times each probe (api-probes.ts) through the gateway: sequential requests to one address, p50 and p99, and the
 * answer's size on the wire and decoded. An endpoint that is not there (404) or does not take the query yet
 * (400) is reported missing, not fatal: the services grow their paged lists while this bench already asks.
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

export async function measureApi(run: ApiRun, probes: readonly ApiProbe[]): Promise<ApiFigure[]> {
  const figures: ApiFigure[] = [];
  for (const probe of probes) {
    try {
      figures.push(await measureProbe(run, probe));
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      figures.push({ ...unmeasured(probe), outcome: 'failed', detail });
    }
  }
  return figures;
}

async function measureProbe(run: ApiRun, probe: ApiProbe): Promise<ApiFigure> {
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
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < run.samples && performance.now() - started < run.sampleSeconds * 1_000) {
    const timed = await get(url, headers);
    if (timed.status !== 200) throw new Error(`answered ${timed.status} after ${samples.length} samples`);
    samples.push(timed.ms);
  }
  return {
    name: probe.name,
    caller: probe.caller,
    outcome: 'ok',
    p50Ms: percentile(samples, 50),
    p99Ms: percentile(samples, 99),
    samples: samples.length,
    wireBytes: answer.wire.byteLength,
    jsonBytes: body.byteLength,
    items,
    // A list that answered more than a page can hold, or a full page with no way on, is not paged.
    paged: items === null ? null : items <= maxPageLimit,
    depth: probe.deep ? depth : null,
  };
}

function unmeasured(probe: ApiProbe): ApiFigure {
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
