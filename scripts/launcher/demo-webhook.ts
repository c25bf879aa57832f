import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  webhookEndpointListSchema,
  webhookEndpointWithSecretSchema,
  type WebhookEndpointWithSecret,
} from '@app/contracts';
import { readDemoWebhookFile } from '@app/demo-tenant-app/webhook-file';
import { identityTokenHeader, signIdentityToken } from '@app/service-kit';

export interface DemoWebhookOptions {
  /** Notifications itself: the launcher signs each request as the gateway would, for the tenant's owner. */
  notificationsUrl: string;
  internalSecret: string;
  owner: { userId: string; email: string };
  tenantId: string;
  /** The demo tenant app's receiver. */
  endpointUrl: string;
  /** Where the endpoint's id and signing secret are kept for the demo app (readable by its owner only). */
  file: string;
  /** How long to wait for notifications' copy of the tenant, which arrives from tenancy's events. */
  waitMs?: number;
}

export type DemoWebhookOutcome = 'registered' | 'kept' | 'rotated';

/**
 * Gives the demo tenant one webhook endpoint at the demo tenant app, whatever the restarts (issue 20 item 4):
 * registered as its owner would on Settings → API & Webhooks, for every event type notifications offers (its
 * OpenAPI document's webhooks), its secret written to `file` for the demo app to verify with. On a later start
 * the endpoint is found by its URL and kept; when the file was lost (a new DATA_DIR over the same database), the
 * secret, which notifications shows only once, is rotated to learn a new one.
 */
export async function ensureDemoWebhook(options: DemoWebhookOptions): Promise<DemoWebhookOutcome> {
  const base = `/api/tenant-webhooks/${options.tenantId}/endpoints`;
  const found = (await listEndpoints(options, base)).find((endpoint) => endpoint.url === options.endpointUrl);
  if (found !== undefined) {
    if ((await readDemoWebhookFile(options.file))?.endpointId === found.id) return 'kept';
    await save(options.file, await withSecret(options, 'POST', `${base}/${found.id}/rotate-secret`));
    return 'rotated';
  }
  const eventTypes = await offeredEventTypes(options.notificationsUrl);
  await save(options.file, await withSecret(options, 'POST', base, { url: options.endpointUrl, eventTypes }));
  return 'registered';
}

async function call(options: DemoWebhookOptions, method: string, path: string, body?: object) {
  const caller = { userId: options.owner.userId, role: 'tenant' as const, email: options.owner.email };
  const token = await signIdentityToken(caller, options.internalSecret, { method, url: path });
  return fetch(new URL(path, options.notificationsUrl), {
    method,
    headers: {
      [identityTokenHeader]: token,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
}

/** The tenant's endpoints, once notifications has copied the tenant (404 until then). */
async function listEndpoints(options: DemoWebhookOptions, base: string) {
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  for (;;) {
    const response = await call(options, 'GET', base);
    if (response.ok) return webhookEndpointListSchema.parse(await response.json()).endpoints;
    if (response.status !== 404 || Date.now() > deadline) {
      throw new Error(
        `notifications answered ${response.status} listing the demo tenant's webhook endpoints`,
      );
    }
    await response.body?.cancel();
    await sleep(500);
  }
}

async function withSecret(
  options: DemoWebhookOptions,
  method: string,
  path: string,
  body?: object,
): Promise<WebhookEndpointWithSecret> {
  const response = await call(options, method, path, body);
  if (!response.ok) throw new Error(`notifications answered ${response.status} to ${method} ${path}`);
  return webhookEndpointWithSecretSchema.parse(await response.json());
}

async function offeredEventTypes(notificationsUrl: string): Promise<string[]> {
  const response = await fetch(new URL('/openapi.json', notificationsUrl), {
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`notifications answered ${response.status} for its OpenAPI document`);
  const document = (await response.json()) as { webhooks?: Record<string, unknown> };
  const types = Object.keys(document.webhooks ?? {});
  if (types.length === 0) throw new Error('notifications offers no webhook event types');
  return types;
}

/** Written whole or not at all, readable by its owner only: it holds a signing secret. */
async function save(file: string, endpoint: WebhookEndpointWithSecret): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify({ endpointId: endpoint.id, secret: endpoint.secret })}\n`, {
    mode: 0o600,
  });
  await rename(partial, file);
}
