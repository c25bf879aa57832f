import type { EventingLogger } from '@app/eventing';

/**
 * One line per storage warning while a figure runs, nothing after: pg's Pool.end() resolves before its
 * connections are gone, so dropping the database right after can make one report itself "lost".
 */
export function quietAfter(label: string, isClosed: () => boolean): EventingLogger {
  const log = (level: string) => (details: object, message?: string) => {
    if (isClosed()) return;
    const cause = (details as { err?: unknown }).err;
    console.warn(`[${label}] ${level}: ${message ?? ''} ${cause instanceof Error ? cause.message : ''}`);
  };
  const ignore = () => undefined;
  return { debug: ignore, info: ignore, warn: log('warn'), error: log('error') };
}
