import type { Telemetry } from '@app/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Authenticator, Caller } from '../src/access.js';
import { buildGateway } from '../src/app.js';
import { loadConfig, type GatewayConfig } from '../src/config.js';

export const testSecret = 'test-internal-token-secret-0123456789abcdef';

export function testConfig(overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  return {
    ...loadConfig({ INTERNAL_TOKEN_SECRET: testSecret, LOG_LEVEL: 'silent' }),
    ...overrides,
  };
}

export const adminCaller: Caller = { userId: 'user-admin', role: 'admin', email: 'admin@example.com' };
export const tenantCaller: Caller = {
  userId: 'user-tenant',
  role: 'tenant',
  email: 'tenant@example.com',
  tenantId: 'tenant-1',
};

/** Stands in for the identity service's session authenticator: `x-test-caller: admin|tenant`. */
export const headerAuthenticator: Authenticator = async (request) => {
  const who = request.headers['x-test-caller'];
  if (who === 'admin') return adminCaller;
  if (who === 'tenant') return tenantCaller;
  return null;
};

export interface EchoedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface EchoUpstream {
  app: FastifyInstance;
  url: string;
  received: EchoedRequest[];
}

/** A real upstream on an ephemeral port that answers with what it received. */
export async function startEchoUpstream(
  extend: (app: FastifyInstance) => void = () => {},
): Promise<EchoUpstream> {
  const app = Fastify({ bodyLimit: 50 * 1024 * 1024 });
  const received: EchoedRequest[] = [];
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  extend(app);
  app.all('/*', async (request, reply) => {
    const echoed: EchoedRequest = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '',
    };
    received.push(echoed);
    return reply
      .code(request.method === 'POST' ? 201 : 200)
      .header('etag', '"v7"')
      .send(echoed);
  });
  const url = await listen(app);
  return { app, url, received };
}

export interface EchoBehindGateway {
  readonly upstream: EchoUpstream;
  /** A gateway with the default test settings in front of the upstream. */
  readonly gateway: FastifyInstance;
  /** Another gateway in front of the same upstream, with other settings; closed with the rest. */
  gatewayWith(overrides?: Partial<GatewayConfig>): Promise<FastifyInstance>;
}

/**
 * An echo upstream standing in for the `services` (catalog unless said) behind a gateway that authenticates by
 * `x-test-caller`, made before the file's tests and closed, with every gateway made over it, after them.
 */
export function echoBehindGateway(
  options: {
    services?: readonly ('CATALOG_URL' | 'IDENTITY_URL')[];
    extend?: (app: FastifyInstance) => void;
    telemetry?: Telemetry;
  } = {},
): EchoBehindGateway {
  const { services = ['CATALOG_URL'], extend, telemetry } = options;
  const gateways: FastifyInstance[] = [];
  const stack = {
    gatewayWith: async (overrides: Partial<GatewayConfig> = {}) => {
      const urls = Object.fromEntries(services.map((setting) => [setting, stack.upstream.url]));
      const gateway = await buildGateway({
        config: testConfig({ ...urls, ...overrides }),
        authenticate: headerAuthenticator,
        ...(telemetry === undefined ? {} : { telemetry }),
      });
      gateways.push(gateway);
      return gateway;
    },
  } as { upstream: EchoUpstream; gateway: FastifyInstance } & Pick<EchoBehindGateway, 'gatewayWith'>;
  beforeAll(async () => {
    stack.upstream = await startEchoUpstream(extend);
    stack.gateway = await stack.gatewayWith();
  });
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    await stack.upstream?.app.close();
  });
  return stack;
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A URL on which nothing listens: bind an ephemeral port, then release it. */
export async function closedPortUrl(): Promise<string> {
  const app = Fastify();
  const url = await listen(app);
  await app.close();
  return url;
}
