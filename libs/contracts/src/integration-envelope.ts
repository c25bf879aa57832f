import { z } from 'zod';

/**
 * Every integration event crosses NATS in this envelope (ARCHITECTURE.md "Messaging"). `type` equals the NATS
 * subject without any environment prefix, e.g. `catalog.product.created.v1`; `id` is the source event's id and
 * the JetStream `Nats-Msg-Id`, so a republished event is deduplicated and a consumer can ignore a redelivery.
 */
export const integrationEnvelopeSchema = z.strictObject({
  id: z.uuid(),
  type: z
    .string()
    .regex(/^[a-z]+\.[a-z-]+\.[a-z-]+\.v\d+$/, 'type must look like <producer>.<entity>.<event>.v<N>'),
  occurredAt: z.iso.datetime({ offset: true }),
  correlationId: z.string().max(200).optional(),
  causationId: z.string().max(200).optional(),
  data: z.record(z.string(), z.unknown()),
});

export type IntegrationEnvelope = z.infer<typeof integrationEnvelopeSchema>;

/** Builds the envelope type of one event, with its data checked by the event's own schema. */
export function integrationEventSchema<Type extends string, Data extends z.ZodType>(type: Type, data: Data) {
  return integrationEnvelopeSchema.extend({ type: z.literal(type), data });
}
