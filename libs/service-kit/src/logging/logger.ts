import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { serializeError } from './error-serializer.js';
import { redactPaths, redactSecrets } from './redaction.js';
import { serializeRequest } from './request-serializer.js';
import { traceMixin } from './trace-mixin.js';

export interface ServiceLoggerOptions extends LoggerOptions {
  /** Where lines go; stdout when absent. Tests pass a capturing stream. */
  stream?: DestinationStream;
}

/**
 * Our pino defaults: JSON lines, ISO times, level names, trace ids from the active span, secrets redacted.
 * Caller options win, except that redaction is always kept: their redact paths are added to ours.
 */
export function createLoggerOptions(options: ServiceLoggerOptions = {}): ServiceLoggerOptions {
  const { redact, mixin, formatters, serializers, ...rest } = options;
  const extraPaths = redact === undefined ? [] : Array.isArray(redact) ? redact : redact.paths;
  return {
    level: 'info',
    timestamp: pino.stdTimeFunctions.isoTime,
    ...rest,
    serializers: { req: serializeRequest, err: serializeError, ...serializers },
    formatters: {
      level: (label) => ({ level: label }),
      ...formatters,
      log: (object) => redactSecrets(formatters?.log ? formatters.log(object) : object),
    },
    redact: { paths: [...redactPaths, ...extraPaths], censor: '[Redacted]' },
    mixin: (mergeObject, level, logger) => ({ ...traceMixin(), ...mixin?.(mergeObject, level, logger) }),
  };
}

/** A standalone logger with the same defaults, for code outside a request (relays, projections, scripts). */
export function createLogger(options: ServiceLoggerOptions = {}): Logger {
  const { stream, ...rest } = createLoggerOptions(options);
  return stream === undefined ? pino(rest) : pino(rest, stream);
}
