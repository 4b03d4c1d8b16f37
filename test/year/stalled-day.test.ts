import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import { runAgentYear, StalledDay } from '../../bench/year/agents.js';
import { yearWorld } from '../../bench/year/scenario.js';
import { tempFile } from '../support/sandbox.js';

describe('a day of the year that does not end in time', () => {
  it('stops the year with StalledDay, saying which day and what was not at rest, and tears the server down without a stray error', async () => {
    // Real time for a day far below what the first one takes: the watchdog fires while the day's sleep is in flight.
    const run = runAgentYear({ worlds: [yearWorld(3, 2, 5)], days: 5, decider: policyDecider, dir: dirname(tempFile()), log: () => {}, stalledAfterMs: 1 });
    const err = await run.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StalledDay);
    expect((err as StalledDay).message).toMatch(/^day 0 did not end within 0\.001 s of real time; not at rest:\n/);
  }, 120_000);
});
