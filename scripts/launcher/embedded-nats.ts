import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startProcess, type RunningProcess } from './processes.js';
import { waitForPort } from './wait.js';
import { findOnPath } from './which.js';

/**
 * A `nats-server` from PATH with JetStream, storing in `<dataDir>/nats`. `own` receives the process as soon as
 * it runs, so a Ctrl-C while it starts still stops it; it is stopped after every service has drained.
 */
export async function startEmbeddedNats(
  dataDir: string,
  port: number,
  own: (server: RunningProcess) => void,
): Promise<{ url: string }> {
  const binary = findOnPath('nats-server');
  if (!binary) {
    throw new Error(
      'NATS is needed. Either set NATS_URL=nats://host:4222 to use a running server, or install nats-server ' +
        '(Debian/Ubuntu: apt-get install nats-server; macOS: brew install nats-server) and run npm start again.',
    );
  }
  const storeDir = resolve(join(dataDir, 'nats'));
  await mkdir(storeDir, { recursive: true });
  const server = startProcess('nats-server', binary, [
    '-a',
    '127.0.0.1',
    '-p',
    String(port),
    '-js',
    '-sd',
    storeDir,
  ]);
  own(server);
  await Promise.race([
    waitForPort('127.0.0.1', port, 10_000),
    server.exited.then(() => {
      throw new Error(`nats-server exited while starting (is port ${port} taken? set EMBEDDED_NATS_PORT)`);
    }),
  ]);
  return { url: `nats://127.0.0.1:${port}` };
}
