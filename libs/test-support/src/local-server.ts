import Fastify, { type FastifyInstance } from 'fastify';

/** A throwaway HTTP server on 127.0.0.1 and a free port, standing in for a tenant app, a platform service or a webhook receiver. */
export async function startLocalServer(
  routes: (app: FastifyInstance) => void,
): Promise<{ app: FastifyInstance; port: number; origin: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  routes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    app,
    port: address.port,
    origin: `http://127.0.0.1:${address.port}`,
    close: () => app.close(),
  };
}
