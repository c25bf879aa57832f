import { describe, expect, it } from 'vitest';
import { killAndRestart, killRelayLeader, restartPostgres } from '../faults/fault-plan.js';
import { runFaultSuite } from '../faults/fault-suite.js';

/**
 * The short variant of `npm run faults` (README "Faults"), within `npm test`'s time: the built platform on its
 * own Postgres and nats-server under the steady write load, through a crashed service, an immediate Postgres
 * restart and the relay leader's death. Every acknowledged write must survive exactly once, every process must
 * come back by itself and every service must say it is not ready while Postgres is gone.
 */
describe('fault suite, short variant', () => {
  it('keeps every acknowledged write exactly once through a crashed service, a Postgres restart and a dead relay leader', async () => {
    const report = await runFaultSuite({
      root: process.cwd(),
      faults: [killAndRestart('tenancy'), restartPostgres(), killRelayLeader()],
      steadyMs: 3_000,
      log: () => undefined,
    });
    console.log(report.table);
    if (report.problems.length > 0) {
      for (const { name, lines } of report.logs)
        console.log(`--- last lines of ${name}:\n${lines.join('\n')}`);
    }
    expect(report.problems).toEqual([]);
  }, 420_000);
});
