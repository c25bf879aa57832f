/**
 * `clients` loops running side by side, each calling `step(client, iteration)` one call after another until the
 * deadline passes or it has made `maxIterations` calls. A call started before the deadline is awaited, so the
 * whole run lasts at most `durationMs` plus the longest single call (which the caller bounds with its request
 * timeout). Resolves once every loop has ended.
 */
export async function runConcurrently(
  options: { clients: number; durationMs: number; maxIterations: number },
  step: (client: number, iteration: number) => Promise<void>,
): Promise<void> {
  const deadline = Date.now() + options.durationMs;
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      for (let iteration = 0; iteration < options.maxIterations && Date.now() < deadline; iteration += 1) {
        await step(client, iteration);
      }
    }),
  );
}
