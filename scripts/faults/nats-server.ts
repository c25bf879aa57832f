import { connect } from 'node:net';
import { join } from 'node:path';
import { findOnPath } from '../launcher/which.js';
import { managedProcess, type ManagedProcess } from './managed-process.js';

/**
 * The fault suite's own `nats-server` with JetStream, on a port and store folder of its own, so stopping it
 * disturbs no other test. Restarted on the same port and store, JetStream keeps every stream and consumer.
 */
export interface NatsServer {
  readonly url: string;
  readonly process: ManagedProcess;
  start(): Promise<void>;
}

export async function startNatsServer(folder: string, port: number): Promise<NatsServer> {
  const binary = findOnPath('nats-server');
  if (!binary) throw new Error('nats-server is not on PATH (Debian/Ubuntu: apt-get install nats-server)');
  const server = managedProcess({
    name: 'nats',
    command: binary,
    args: ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(folder, 'nats')],
    env: { PATH: process.env.PATH ?? '' },
  });
  const nats: NatsServer = {
    url: `nats://127.0.0.1:${port}`,
    process: server,
    async start() {
      server.start();
      await untilListening(port, server);
    },
  };
  await nats.start();
  return nats;
}

async function untilListening(port: number, server: ManagedProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (!server.running()) throw new Error(`nats-server exited while starting:\n${server.tail().join('\n')}`);
    if (Date.now() > deadline) throw new Error(`nats-server did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
