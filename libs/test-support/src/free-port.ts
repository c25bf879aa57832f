import { createServer, type Server } from 'node:net';

/** A port nothing listens on right now, from the kernel. */
export async function freePort(): Promise<number> {
  const server = await listenOn(0);
  const address = server.address();
  await close(server);
  if (address === null || typeof address === 'string') throw new Error('no port from the kernel');
  return address.port;
}

/**
 * Below Linux's ephemeral range (32768–60999), which the kernel hands to `listen(0)` and to every outgoing
 * connection: a port chosen there can be taken by a client socket between the test choosing it and a process
 * binding it.
 */
const blockRange = { from: 20_000, to: 32_767 };

/**
 * `count` consecutive ports nothing listens on right now, for a process that binds a block from a base port (the
 * launcher's SERVICES_BASE_PORT): each is bound once to check it, outside the ephemeral range, at a random base.
 */
export async function freePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = blockRange.from + Math.floor(Math.random() * (blockRange.to - blockRange.from - count));
    const bound: Server[] = [];
    try {
      for (let port = base; port < base + count; port += 1) bound.push(await listenOn(port));
      return base;
    } catch {
      // Taken: try another base.
    } finally {
      await Promise.all(bound.map(close));
    }
  }
  throw new Error(`no ${count} free consecutive ports between ${blockRange.from} and ${blockRange.to}`);
}

function listenOn(port: number): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
