import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePortBlock } from '../src/free-port.js';

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

describe('freePortBlock', () => {
  it('gives a base below the ephemeral range whose whole block can be bound', async () => {
    const base = await freePortBlock(5);
    expect(base).toBeGreaterThanOrEqual(20_000);
    expect(base + 4).toBeLessThan(32_768);
    for (let port = base; port < base + 5; port += 1) expect(await canListen(port)).toBe(true);
  });
});
