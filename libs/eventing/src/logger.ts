/**
 * The subset of pino's logger the relay, projections and consumers write to; a pino logger satisfies it. They
 * retry forever rather than skip an event, so every failure they wait out is logged here.
 */
export interface EventingLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
