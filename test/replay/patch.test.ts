import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from '@temporalio/worker';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { describe, expect, it } from 'vitest';
import { bundleWithShim } from '../support/shimmed-bundle.js';
import { historiesDir } from '../support/histories.js';

/** The workflows bundled with the workflow API replaced by one of the sample change's shims. */
const bundleWith = (shim: 'patched' | 'unpatched') => bundleWithShim(fileURLToPath(new URL(`./sample-change/${shim}.ts`, import.meta.url)));

const replenishments = readdirSync(historiesDir).filter((f) => f.endsWith('.replenish0.json')).sort();
const history = (file: string) => historyFromJSON(JSON.parse(readFileSync(historiesDir + file, 'utf8')));

// The procedure of docs/changing-workflows.md, shown on a sample change and today's recorded histories.
describe('a change to workflow logic under running replenishments', () => {
  it('without patched(), the change breaks the replay of every recorded replenishment', async () => {
    const bundle = await bundleWith('unpatched');
    expect(replenishments.length).toBeGreaterThanOrEqual(5);
    for (const file of replenishments) {
      await expect(Worker.runReplayHistory({ workflowBundle: bundle }, history(file), file), file).rejects.toThrow(/[Nn]ondetermin/);
    }
  });

  it('behind patched(), every recorded replenishment still replays', async () => {
    const bundle = await bundleWith('patched');
    for (const file of replenishments) {
      await expect(Worker.runReplayHistory({ workflowBundle: bundle }, history(file), file), file).resolves.toBeUndefined();
    }
  });
});
