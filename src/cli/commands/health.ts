import type { Command } from '../command.js';
import { ApiError } from '../errors.js';
import { json } from '../format.js';

interface Stuck { workflowId?: string; runId: string; reason: string; since?: string; firstSeen: string; repair?: string }
interface Health { ok: boolean; parts?: Record<string, { ok: boolean; detail?: string }>; degraded?: boolean; stuck?: Stuck[]; error?: string }
interface Repaired { workflowId: string; oldRunId: string; newRunId: string; redoneTask: number; divergence: string }

const health: Command = {
  name: 'health',
  summary: 'whether the service and the parts it depends on are up (exit 1 when not)',
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const { status, body } = await ctx.api.request<Health>('GET', '/health');
    if (!body || typeof body.ok !== 'boolean') throw new ApiError(status, body?.error ?? `HTTP ${status} from /health`);
    if (ctx.json) ctx.out(json(body));
    else {
      ctx.out(`${ctx.api.baseUrl}: ${body.ok ? 'ok' : 'NOT OK'}`);
      for (const [name, part] of Object.entries(body.parts ?? {})) {
        ctx.out(`  ${name.padEnd(12)} ${part.ok ? 'ok' : 'down'}${part.detail ? `  ${part.detail}` : ''}`);
      }
      for (const r of body.stuck ?? []) {
        ctx.out(`  stuck        ${r.workflowId ?? `run ${r.runId}`} since ${r.firstSeen}: ${r.reason}${r.repair ? `\n               repair: ${r.repair}` : ''}`);
      }
    }
    return body.ok && !body.degraded ? 0 : 1;
  },
};

const repair: Command = {
  name: 'repair',
  args: '<workflowId>',
  summary: 'reset a run that fails on nondeterminism to redo its first diverging task (signals after it are applied again)',
  positionals: { min: 1, max: 1 },
  options: { reason: { type: 'string', value: 'text', help: 'why; the reset keeps it in the history' } },
  examples: ['replenisher repair replenish-SKU-100-3 --reason "deployed under a running order"'],
  async run(ctx, { values, positionals: [workflowId] }) {
    const reason = typeof values.reason === 'string' ? values.reason : undefined;
    const r = await ctx.api.post<Repaired>(`/workflows/${encodeURIComponent(workflowId!)}/repair`, reason ? { reason } : {});
    ctx.out(ctx.json ? json(r) : `${r.workflowId}: reset to redo the task of event ${r.redoneTask}; new run ${r.newRunId} (was ${r.oldRunId})\n  it diverged: ${r.divergence}`);
  },
};

export const healthCommands: Command[] = [health, repair];
