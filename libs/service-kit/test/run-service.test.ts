import { describe, expect, it } from 'vitest';
import { runService, type RunServiceOptions } from '../src/index.js';
import { testService } from './support.js';

/** A signal nobody else in the test process listens to; process.emit calls our handler without a real kill. */
const signal = 'SIGUSR2';

/** runService on a free local port, stopped by `signal`. */
function runOnSignal(options: Omit<RunServiceOptions, 'port' | 'host' | 'signals'>) {
  return runService({ port: 0, host: '127.0.0.1', signals: [signal], ...options });
}

function exitRecorder() {
  const codes: number[] = [];
  let notify: (code: number) => void = () => {};
  const first = new Promise<number>((resolve) => (notify = resolve));
  return {
    codes,
    first,
    exit: (code: number) => {
      codes.push(code);
      notify(code);
    },
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

async function until(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('runService', () => {
  it('on a signal drains in-flight requests, then runs the onClose hooks in order, and exits 0', async () => {
    const events: string[] = [];
    const started = deferred();
    const release = deferred();
    const app = await testService();
    app.get('/slow', { config: { policy: 'public' } }, async () => {
      started.resolve();
      await release.promise;
      events.push('request finished');
      return { ok: true };
    });
    const closing = deferred();
    app.addHook('preClose', async () => closing.resolve());
    const exit = exitRecorder();
    const running = await runOnSignal({
      app,
      exit: exit.exit,
      onClose: [async () => void events.push('relay stopped'), async () => void events.push('pool closed')],
    });

    const inFlight = fetch(`${running.address}/slow`);
    await started.promise;
    process.emit(signal, signal);
    await closing.promise;
    expect(events).toEqual([]);
    release.resolve();

    expect((await inFlight).status).toBe(200);
    expect(await exit.first).toBe(0);
    expect(events).toEqual(['request finished', 'relay stopped', 'pool closed']);
  });

  it('answers not ready while it waits for load balancers to notice', async () => {
    const app = await testService();
    const exit = exitRecorder();
    const running = await runOnSignal({
      app,
      exit: exit.exit,
      drainDelayMs: 300,
    });
    expect((await fetch(`${running.address}/health/ready`)).status).toBe(200);

    process.emit(signal, signal);

    await until(async () => (await fetch(`${running.address}/health/ready`)).status === 503);
    expect(await exit.first).toBe(0);
  });

  it('keeps going past a failing or hanging hook and exits 1', async () => {
    const events: string[] = [];
    const app = await testService();
    const running = await runOnSignal({
      app,
      exit: () => {},
      timeoutMs: 50,
      onClose: [
        () => Promise.reject(new Error('relay would not stop')),
        () => new Promise<void>(() => {}),
        async () => void events.push('pool closed'),
      ],
    });

    const code = await running.stop();

    expect(code).toBe(1);
    expect(events).toEqual(['pool closed']);
  });

  it('exits 1 at once on a second signal', async () => {
    const hookStarted = deferred();
    const hookRelease = deferred();
    const app = await testService();
    const exit = exitRecorder();
    const running = await runOnSignal({
      app,
      exit: exit.exit,
      onClose: [
        async () => {
          hookStarted.resolve();
          await hookRelease.promise;
        },
      ],
    });

    process.emit(signal, signal);
    await hookStarted.promise;
    process.emit(signal, signal);

    expect(await exit.first).toBe(1);
    hookRelease.resolve();
    await running.stop();
  });
});
