import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, DefaultLogger, Worker } from '@temporalio/worker';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { describe, expect, inject, it } from 'vitest';
import { workflowsPath } from '../../src/worker.js';
import { historiesDir } from '../support/histories.js';

// Recorded before `check_before_order` existed: the agent went from approval straight to place_order.
const oldHistory = () => historyFromJSON(JSON.parse(readFileSync(`${historiesDir}happy-path.replenish0.json`, 'utf8')));

describe('a change to the loop under running replenishments', () => {
  it('behind patched(), a history recorded before the change still replays', async () => {
    await expect(Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, oldHistory()))
      .resolves.toBeUndefined();
  });

  it('the same change without the patch breaks the replay of that history', async () => {
    const shim = fileURLToPath(new URL('./unpatched-shim.ts', import.meta.url));
    const unpatched = await bundleWorkflowCode({
      workflowsPath,
      logger: new DefaultLogger('WARN'),
      webpackConfigHook: (config) => ({
        ...config,
        resolve: { ...config.resolve, alias: { ...(config.resolve?.alias as object), '@temporalio/workflow$': shim } },
      }),
    });
    await expect(Worker.runReplayHistory({ workflowBundle: unpatched }, oldHistory()))
      .rejects.toThrow(/[Nn]ondetermin/);
  });
});
