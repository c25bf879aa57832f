/**
 * Setup file of the e2e project (vitest.config.ts): each e2e file runs alone among this run's e2e files, holding
 * the run's e2e turn from before its own hooks until after them, while integration files fill the other workers.
 * A platform, Chromium or a fault run takes most of the machine's two cores; two at once only made both slow
 * enough to miss their time limits.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { acquireFileLock } from './file-lock.js';

/** Long enough to wait for every other e2e file of a run (about ten minutes in all on two cores). */
const turnWaitMs = 40 * 60_000;

let release: (() => void) | undefined;

beforeAll(async () => {
  release = await acquireFileLock(join(tmpdir(), `e2e-turn-${inject('testRunId')}.lock`), turnWaitMs);
}, turnWaitMs);

afterAll(() => release?.());
