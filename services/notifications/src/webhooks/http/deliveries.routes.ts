import type pg from 'pg';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointParamsSchema,
} from '@app/contracts';
import { NotFoundError } from '@app/domain';
import { listDeliveries, redeliver } from '../delivery-log.js';
import { endpointNotFound } from '../domain/endpoint/decide.js';
import { isTenantEndpoint } from '../projections/endpoint-queries.js';
import {
  assertMayActFor,
  endpointPolicies,
  endpointPrefixes,
  type EndpointAudience,
} from './tenant-access.js';

export interface DeliveryRoutesOptions {
  audience: EndpointAudience;
  db: pg.Pool;
  now: () => Date;
}

export const deliveryNotFound = 'Webhook delivery not found';

/**
 * An endpoint's delivery log and Redeliver (issue 20), for the tenant's owner and for admins, with the endpoint
 * routes' rule: another tenant, or another tenant's endpoint, is 404.
 */
export const webhookDeliveryRoutes: FastifyPluginAsyncZod<DeliveryRoutesOptions> = async (app, options) => {
  const { audience, db, now } = options;
  const prefix = `${endpointPrefixes[audience]}/:endpointId/deliveries`;
  const policy = endpointPolicies[audience];
  const tags = ['notifications'];

  async function assertTenantEndpoint(
    request: { caller?: { userId: string } | null },
    params: { tenantId: string; endpointId: string },
  ) {
    await assertMayActFor(db, audience, request, params.tenantId);
    if (!(await isTenantEndpoint(db, params.tenantId, params.endpointId))) {
      throw new NotFoundError(endpointNotFound);
    }
  }

  app.get(
    prefix,
    {
      config: { policy },
      schema: {
        summary: "A webhook endpoint's delivery log",
        description:
          'Its latest 50 deliveries, newest first, each with every attempt: when, the outcome, the status code, ' +
          'the latency and the start of the answer.',
        tags,
        params: webhookEndpointParamsSchema,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => {
      await assertTenantEndpoint(request, request.params);
      return { deliveries: await listDeliveries(db, request.params.endpointId) };
    },
  );

  app.post(
    `${prefix}/:deliveryId/redeliver`,
    {
      config: { policy, idempotent: true },
      schema: {
        summary: 'Redeliver a webhook message',
        description:
          'Due at once, on a fresh retry schedule, with the same `webhook-id` (receivers drop repeats); its ' +
          'earlier attempts stay in the log. An endpoint that is not enabled gets no attempt.',
        tags,
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) => {
      await assertTenantEndpoint(request, request.params);
      const delivery = await redeliver(db, request.params.endpointId, request.params.deliveryId, now());
      if (delivery === null) throw new NotFoundError(deliveryNotFound);
      return delivery;
    },
  );
};
