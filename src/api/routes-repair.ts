import type { Client } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/client';
import type { WorkflowBundleOption } from '@temporalio/worker';
import { NothingToRepair, repairRun } from '../repair/repair.js';
import type { StuckRuns } from '../repair/stuck-runs.js';
import { HttpError } from './errors.js';
import { Repaired, refused, type Health } from './responses.js';
import { RepairBody, WorkflowParam, type Api } from './schemas.js';

export interface RepairDeps {
  client: Client;
  /** The workflow code as the workers run it, to find where a history stops replaying. */
  bundle: () => Promise<WorkflowBundleOption>;
  stuck: StuckRuns;
}

/** The command a person runs for a stuck run; one place, so /health and the page say the same. */
export const repairCommand = (workflowId: string) => `replenisher repair ${workflowId}`;

/**
 * /health with the runs that fail on nondeterminism: degraded, not down (restarting the service does
 * not repair a history), each named by visibility and with the command that repairs it.
 */
export function withStuckRuns(deps: Pick<RepairDeps, 'client' | 'stuck'>): (base: Health) => Promise<Health> {
  return async (base) => {
    const stuck = deps.stuck.list();
    if (stuck.length === 0) return base;
    // Visibility names each run, and says when one has closed (repaired: a reset ends the old run).
    await Promise.all(stuck.map(async (r) => {
      for await (const wf of deps.client.workflow.list({ query: `RunId = '${r.runId}'` })) {
        if (wf.status.name === 'RUNNING') deps.stuck.named(r.runId, wf.workflowId);
        else deps.stuck.forget(r.runId);
      }
    }).map((p) => p.catch(() => undefined)));
    const named = deps.stuck.list().map((r) => (r.workflowId ? { ...r, repair: repairCommand(r.workflowId) } : r));
    return named.length === 0 ? base : { ...base, degraded: true, stuck: named };
  };
}

export function repairRoutes(app: Api, deps: RepairDeps): void {
  app.post('/workflows/:workflowId/repair', {
    schema: {
      summary: 'Repair a run that fails on nondeterminism',
      description: 'Finds the first workflow task that today\'s code does not replay and resets the run to redo it: signals after it are applied again, activities keep their ids and idempotency keys, so nothing the world already did is done twice.',
      tags: ['operations'], params: WorkflowParam, body: RepairBody,
      response: {
        200: Repaired.describe('the run was reset; the new run redoes the task'),
        400: refused('not a workflow id of this service'), 404: refused('no such workflow'),
        409: refused('the run replays with today\'s code: nothing to repair'),
      },
    },
  }, async (req) => {
    const { workflowId } = req.params;
    const by = req.principal?.kind === 'manager' ? req.principal.name : 'someone';
    try {
      const repaired = await repairRun(deps.client, await deps.bundle(), workflowId, `${by}: ${req.body?.reason ?? 'nondeterminism'}`);
      deps.stuck.forget(repaired.oldRunId);
      return repaired;
    } catch (err) {
      if (err instanceof NothingToRepair) throw new HttpError(409, err.message);
      if (err instanceof WorkflowNotFoundError || (err instanceof Error && /not found/i.test(err.message))) throw new HttpError(404, `no workflow ${workflowId}`);
      throw err;
    }
  });
}
