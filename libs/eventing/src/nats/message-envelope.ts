import type { JsMsg } from '@nats-io/jetstream';
import { z } from 'zod';
import { integrationEnvelopeSchema, type IntegrationEnvelope } from '@app/contracts';

export type ParsedEnvelope =
  { success: true; data: IntegrationEnvelope } | { success: false; reason: string };

/** The delivery's envelope, or why it is not one (junk is terminated, never retried: message-processor.ts). */
export function parseEnvelope(message: JsMsg): ParsedEnvelope {
  let json: unknown;
  try {
    json = message.json();
  } catch {
    return { success: false, reason: 'payload is not JSON' };
  }
  const parsed = integrationEnvelopeSchema.safeParse(json);
  return parsed.success ? parsed : { success: false, reason: z.prettifyError(parsed.error) };
}
