import type { Command } from '../command.js';
import { ApiError } from '../errors.js';
import { json } from '../format.js';

interface Health { ok: boolean; parts?: Record<string, { ok: boolean; detail?: string }>; error?: string }

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
    }
    return body.ok ? 0 : 1;
  },
};

export const healthCommands: Command[] = [health];
