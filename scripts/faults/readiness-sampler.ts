/**
 * Asks every process for its readiness every `intervalMs` while faults come and go, so the report can say
 * whether each one told the truth: not ready while Postgres or NATS was gone, ready again on its own after.
 */
export interface ReadinessSample {
  at: number;
  name: string;
  /** `no-answer`: the port refused or the answer did not come within the probe timeout. */
  state: 'ready' | 'not-ready' | 'no-answer';
  detail: string;
}

export interface ReadinessTarget {
  name: string;
  url: string;
}

export interface ReadinessSampler {
  readonly samples: readonly ReadinessSample[];
  /** The latest sample of each target that was sampled at or after `since`. */
  latest(since: number): Map<string, ReadinessSample>;
  stop(): Promise<void>;
}

const probeTimeoutMs = 2_000;

export function startReadinessSampler(
  targets: () => readonly ReadinessTarget[],
  intervalMs = 250,
): ReadinessSampler {
  const samples: ReadinessSample[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const tick = Date.now();
      samples.push(...(await Promise.all(targets().map(probe))));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - (Date.now() - tick))));
    }
  })();
  return {
    samples,
    latest(since) {
      const latest = new Map<string, ReadinessSample>();
      for (const sample of samples) if (sample.at >= since) latest.set(sample.name, sample);
      return latest;
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

async function probe({ name, url }: ReadinessTarget): Promise<ReadinessSample> {
  const at = Date.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(probeTimeoutMs) });
    const body = (await response.text()).replace(/\s+/g, ' ').slice(0, 300);
    return { at, name, state: response.ok ? 'ready' : 'not-ready', detail: `${response.status} ${body}` };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { at, name, state: 'no-answer', detail: cause ?? (error as Error).name };
  }
}
