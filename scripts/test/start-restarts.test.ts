import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { withBuildLock } from './support/build-lock.js';
import { platformStartBoundMs, startPlatform, type Platform } from './support/platform.js';
import { alive, descendants } from './support/process-tree.js';

/**
 * The launcher restarts a crashed service with backoff and says so, and gives up loudly, stopping everything
 * with a non-zero exit, when one keeps crashing (README "Two commands"). Restarts wait 0.1 s, 0.2 s, … here
 * instead of 1 s, 2 s, … so five fit in a test.
 */
let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform({
    serverUrl: inject('databaseUrl'),
    natsUrl: inject('natsUrl'),
    label: 'r',
    env: { RESTART_DELAY_MS: '100', RESTART_ATTEMPTS: '5' },
  });
}, platformStartBoundMs);

afterAll(async () => {
  await platform?.dispose();
});

/** A restart loads the service's bundle again: no other test file may rebuild dist/ meanwhile. */
const whileNoBuild = <T>(work: () => Promise<T>) => withBuildLock(process.cwd(), work);

describe('a crashed service under npm start', () => {
  it('is restarted, says so, and the platform answers through the gateway again', async () => {
    await whileNoBuild(async () => {
      const first = await serviceProcess('catalog');
      if (first === undefined) throw new Error('the launcher has exited');
      process.kill(first, 'SIGKILL');
      await waitFor(() => platform.output().includes('catalog is ready again'));

      expect(platform.output()).toContain(
        'catalog was killed by SIGKILL; restarting in 0.1 s (attempt 1 of 5)',
      );
      expect(await serviceProcess('catalog', new Set([first]))).toBeDefined();
      const products = await fetch(`${platform.gatewayUrl}/api/products`);
      expect(products.status).toBe(200);
      expect(((await products.json()) as unknown[]).length).toBeGreaterThan(0);
    });
  }, 180_000);

  it('makes the launcher give up and stop everything with a non-zero exit when it keeps crashing', async () => {
    const everything = await descendants(platform.launcher.pid as number);
    await whileNoBuild(async () => {
      const killed = new Set<number>();
      for (;;) {
        const billing = await serviceProcess('billing', killed);
        if (billing === undefined) break;
        process.kill(billing, 'SIGKILL');
        killed.add(billing);
      }
      // The first start plus five restarts.
      expect(killed.size).toBe(6);
    });

    expect(await platform.exited).toEqual({ code: 1, signal: null });
    const output = platform.output();
    for (const [attempt, seconds] of [0.1, 0.2, 0.4, 0.8, 1.6].entries()) {
      expect(output).toContain(
        `billing was killed by SIGKILL; restarting in ${seconds} s (attempt ${attempt + 1} of 5)`,
      );
    }
    expect(output).toContain(
      'billing was killed by SIGKILL again after 5 restarts; giving up and stopping the platform.',
    );
    expect(everything.filter((entry) => alive(entry.pid))).toEqual([]);
  }, 180_000);
});

/**
 * The pid of the service's server process, other than those in `skip`; undefined once the launcher has exited.
 * Waits up to 15 s for one.
 */
async function serviceProcess(name: string, skip = new Set<number>()): Promise<number | undefined> {
  let found: number | undefined;
  await waitFor(async () => {
    const tree = await descendants(platform.launcher.pid as number);
    found = tree.find(
      (entry) => entry.args.includes(`services/${name}/dist/server.cjs`) && !skip.has(entry.pid),
    )?.pid;
    return found !== undefined || platform.launcher.exitCode !== null;
  });
  return found;
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting:\n${platform.output().slice(-3_000)}`);
    await delay(20);
  }
}
