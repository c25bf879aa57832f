import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { waitForPort } from './wait.js';
import { findOnPath } from './which.js';

/** A `nats-server` from PATH with JetStream, storing in `<dataDir>/nats`. */
export async function startEmbeddedNats(dataDir: string, port: number) {
  const binary = findOnPath('nats-server');
  if (!binary) {
    throw new Error(
      'NATS is needed. Either set NATS_URL=nats://host:4222 to use a running server, or install nats-server ' +
        '(Debian/Ubuntu: apt-get install nats-server; macOS: brew install nats-server) and run npm start again.',
    );
  }
  const storeDir = resolve(join(dataDir, 'nats'));
  await mkdir(storeDir, { recursive: true });
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await waitForPort('127.0.0.1', port, 10_000);
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
