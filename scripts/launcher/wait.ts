import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

export async function waitForPort(host: string, port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((done) => {
      const socket = connect({ host, port }, () => {
        socket.end();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    await delay(100);
  }
  throw new Error(`Nothing listens on ${host}:${port} after ${timeoutMs} ms`);
}

/** Polls a readiness URL until it answers 2xx; rejects at once when `signal` aborts. */
export async function waitForReady(url: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    try {
      const response = await fetch(url, signal ? { signal } : {});
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await delay(200, undefined, signal ? { signal } : {});
  }
  throw new Error(`${url} was not ready after ${timeoutMs} ms (${last})`);
}
