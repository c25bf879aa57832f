import { pino } from 'pino';
import { redactSecrets } from './redaction.js';

/**
 * Fields that libraries hang on their errors and that have no place in a log line: pg-pool attaches the whole pg
 * Client to a lost connection's error (its connection parameters, a password among them when one is set, and
 * kilobytes of type tables).
 */
const droppedFields = ['client'];

/**
 * pino's standard error serializer, minus `droppedFields`, with secret-named fields censored at any depth: the
 * redaction scan that runs on every line skips errors, whose fields only their serializer chooses.
 */
export function serializeError(error: Error): Record<string, unknown> {
  // A plain copy: the standard serializer's result has a prototype of its own, which the scan leaves alone.
  const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(error) };
  for (const field of droppedFields) delete serialized[field];
  return redactSecrets(serialized);
}
