import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from '@temporalio/worker';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { describe, expect, inject, it } from 'vitest';
import { historiesDir } from '../support/histories.js';

const files = readdirSync(historiesDir).filter((f) => f.endsWith('.json')).sort();

describe('recorded histories of real runs replay against the current workflow code', () => {
  it('there are recorded histories to replay', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  it.each(files)('%s replays without nondeterminism', async (file) => {
    const history = historyFromJSON(JSON.parse(readFileSync(historiesDir + file, 'utf8')));
    await expect(Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, history, file))
      .resolves.toBeUndefined();
  });
});
