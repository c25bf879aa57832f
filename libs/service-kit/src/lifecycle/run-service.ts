import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { withTimeout } from '../util/with-timeout.js';

export interface RunServiceOptions {
  app: FastifyInstance;
  port: number;
  /** Default 0.0.0.0, reachable from the container network. */
  host?: string;
  /** Run in order after the server has drained: relays, projections, then pools. */
  onClose?: Array<() => Promise<void>>;
  /** Default: the app's logger. */
  logger?: FastifyBaseLogger;
  /** Wait between "not ready" and closing the listener so load balancers stop routing here; default 0. */
  drainDelayMs?: number;
  /** Limit for draining requests and for each onClose hook; default 10 s, inside Kubernetes' 30 s grace. */
  timeoutMs?: number;
  signals?: NodeJS.Signals[];
  /** Default process.exit; tests pass their own. */
  exit?: (code: number) => void;
}

export interface RunningService {
  address: string;
  /** The shutdown sequence without exiting; resolves with the exit code it would use. */
  stop(): Promise<number>;
}

/**
 * Listens, then on SIGINT/SIGTERM: marks the app not ready, stops accepting, drains in-flight requests
 * (fastify.close), runs the onClose hooks in order, and exits 0 (1 if a step failed or timed out). A second signal
 * exits 1 at once, for an operator who does not want to wait.
 */
export async function runService(options: RunServiceOptions): Promise<RunningService> {
  const { app, onClose = [], timeoutMs = 10_000, exit = (code: number) => process.exit(code) } = options;
  const logger = options.logger ?? app.log;
  const signals = options.signals ?? ['SIGINT', 'SIGTERM'];

  // Fastify logs one line per interface when bound to 0.0.0.0; we print a single line with the first address.
  const level = app.log.level;
  app.log.level = 'warn';
  let address: string;
  try {
    address = await app.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
  } finally {
    app.log.level = level;
  }
  logger.info({ address }, `Listening on ${address}`);

  let stopping: Promise<number> | undefined;
  const stop = (): Promise<number> => {
    stopping ??= shutdown();
    return stopping;
  };

  async function shutdown(): Promise<number> {
    let code = 0;
    const step = async (name: string, run: () => Promise<void>) => {
      try {
        await withTimeout(run(), timeoutMs, `${name} did not finish within ${timeoutMs} ms`);
      } catch (error) {
        code = 1;
        logger.error({ err: error }, `Shutdown step failed: ${name}`);
      }
    };
    app.markNotReady?.();
    if (options.drainDelayMs) await new Promise((resolve) => setTimeout(resolve, options.drainDelayMs));
    await step('closing the HTTP server', () => app.close());
    for (const [index, hook] of onClose.entries()) await step(`onClose hook ${index + 1}`, hook);
    for (const signal of signals) process.off(signal, onSignal);
    logger.info({ code }, 'Shutdown complete');
    return code;
  }

  function onSignal(signal: NodeJS.Signals): void {
    if (stopping !== undefined) {
      logger.warn({ signal }, 'Second signal during shutdown: exiting now');
      exit(1);
      return;
    }
    logger.info({ signal }, 'Shutting down');
    void stop().then(exit);
  }

  for (const signal of signals) process.on(signal, onSignal);
  return { address, stop };
}
