import type { EventingLogger } from '../src/logger.js';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string | undefined;
}

/** A logger that keeps what it was told, so tests can assert that a failure was reported and how. */
export function captureLogger(): EventingLogger & {
  entries: LogEntry[];
  at(level: LogEntry['level']): LogEntry[];
} {
  const entries: LogEntry[] = [];
  const log = (level: LogEntry['level']) => (fields: object, message?: string) => {
    entries.push({ level, fields: fields as Record<string, unknown>, message });
  };
  return {
    entries,
    at: (level) => entries.filter((entry) => entry.level === level),
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
  };
}
