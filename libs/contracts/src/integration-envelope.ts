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

type IntegrationEventSchema<Type extends string, Data extends z.ZodType> = ReturnType<
  typeof integrationEventSchema<Type, Data>
>;

/**
 * A producer's published events, each named once with its subject and its data's schema: the subjects by name,
 * each event's envelope schema by the same name, and their union by `type`, which so holds every one of them.
 */
export function publishedEvents<const Events extends Record<string, readonly [string, z.ZodType]>>(
  events: Events,
) {
  type Schemas = { [Name in keyof Events]: IntegrationEventSchema<Events[Name][0], Events[Name][1]> };
  const entries = Object.entries(events);
  const subjects = Object.fromEntries(entries.map(([name, [subject]]) => [name, subject]));
  const schemas = Object.fromEntries(
    entries.map(([name, [subject, data]]) => [name, integrationEventSchema(subject, data)]),
  ) as Schemas;
  const all = Object.values(schemas) as [Schemas[keyof Events], ...Schemas[keyof Events][]];
  return {
    subjects: subjects as { [Name in keyof Events]: Events[Name][0] },
    schemas,
    union: z.discriminatedUnion('type', all),
  };
}
