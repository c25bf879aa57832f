/**
 * `npm run faults`: the fault suite (README "Faults and concurrency"). Prints the fault table and exits non-zero
 * on any missing or duplicated write, any process that did not come back by itself, or any service that said it
 * was ready while Postgres or NATS was gone. About five minutes on a 2-core machine.
 */
import { fullFaultPlan } from './fault-plan.js';
import { runFaultSuite } from './fault-suite.js';

const interruption = new AbortController();
// `on`, not `once`: tsx relays the terminal's signal again, which must not fall back to exiting at once.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interruption.signal.aborted) return;
    console.error('interrupted: stopping every process and deleting the temporary folder …');
    interruption.abort();
  });
}

const started = Date.now();
const log = (line: string) =>
  console.log(`[faults ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
try {
  const report = await runFaultSuite(
    { root: process.cwd(), faults: fullFaultPlan(), steadyMs: 5_000, log },
    { signal: interruption.signal, cleanedUp: () => process.exit(130) },
  );
  console.log(`\n${report.table}\n`);
  if (report.problems.length > 0) {
    for (const { name, lines } of report.logs) {
      if (lines.length > 0) console.error(`--- last lines of ${name}:\n${lines.join('\n')}`);
    }
    console.error(`FAILED (${report.problems.length}):\n- ${report.problems.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log(`passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
} catch (error) {
  console.error('the fault suite could not run:', error);
  process.exitCode = 2;
}
