import { number } from '../args.js';
import type { Command, Context } from '../command.js';
import { ApiError, EXIT } from '../errors.js';
import { counts, json, table } from '../format.js';
import type { SkuRow } from '../views.js';

type Started = { sku: string; workflowId: string; started: boolean };
type Outcome = { sku: string; ok: true; workflowId: string; started: boolean } | { sku: string; ok: false; status: number; error: string };

/** Runs `work` over `items`, `limit` at a time; takes no new item once one has thrown. */
async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker)).catch((err) => {
    next = items.length;
    throw err;
  });
}

const start: Command = {
  name: 'agents start',
  args: '<SKU...>',
  summary: "start each SKU's agent, printing a line per SKU as it goes",
  positionals: { min: 1 },
  options: { concurrency: { type: 'string', value: 'n', help: 'how many SKUs to start at once (default 4)' } },
  examples: ['replenisher agents start SKU-100 SKU-101 SKU-102'],
  async run(ctx, { values, positionals }) {
    const skus = [...new Set(positionals)];
    const outcomes: Outcome[] = Array(skus.length);
    let done = 0;
    const progress = () => `[${String(++done).padStart(String(skus.length).length)}/${skus.length}]`;
    await pool(skus, number(values, 'concurrency', 'count', start) ?? 4, async (sku, i) => {
      try {
        const r = await ctx.api.post<Started>('/agents', { sku });
        outcomes[i] = { sku, ok: true, workflowId: r.workflowId, started: r.started };
        if (!ctx.json) ctx.out(`${progress()} ${sku}  ${r.started ? 'started' : 'already running'} (${r.workflowId})`);
      } catch (err) {
        // Without credentials or a service, every other SKU would fail the same way.
        if (!(err instanceof ApiError) || err.exitCode === EXIT.unauthorized) throw err;
        outcomes[i] = { sku, ok: false, status: err.status, error: err.message };
        if (!ctx.json) ctx.err(`${progress()} ${sku}  failed: ${err.message}`);
      }
    });
    const failed = outcomes.filter((o) => !o.ok);
    if (ctx.json) ctx.out(json(outcomes));
    else if (skus.length > 1) {
      const started = outcomes.filter((o) => o.ok && o.started).length;
      ctx.out(`${started} started, ${skus.length - started - failed.length} already running, ${failed.length} failed`);
    }
    const first = failed[0];
    return first && !first.ok ? new ApiError(first.status, first.error).exitCode : 0;
  },
};

const signal = (what: 'stop' | 'pause' | 'resume', summary: string): Command => ({
  name: `agents ${what}`,
  args: '<SKU>',
  summary,
  positionals: { min: 1, max: 1 },
  async run(ctx, { positionals: [sku] }) {
    const body = await ctx.api.post<Record<string, unknown>>(`/agents/${encodeURIComponent(sku!)}/${what}`);
    ctx.out(ctx.json ? json(body) : `${sku}: ${what} requested`);
  },
});

const below = (r: SkuRow) => r.onHand + r.onOrder < r.safetyStock;

const list: Command = {
  name: 'agents list',
  summary: 'every SKU with its stock, its agent and the phase of its running replenishment',
  positionals: { min: 0, max: 0 },
  async run(ctx: Context) {
    // The API pages the list; the CLI reads every page.
    const items: SkuRow[] = [];
    for (let after: string | null | undefined; after !== null;) {
      const page = await ctx.api.get<{ items: SkuRow[]; next: string | null }>(`/skus?limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      items.push(...page.items);
      after = page.next;
    }
    if (ctx.json) return ctx.out(json({ items }));
    if (items.length === 0) return ctx.out('No SKUs in the inventory.');
    ctx.out(table(
      ['SKU', 'ON HAND/SAFETY', 'ON ORDER', 'AGENT', 'PHASE', 'OUTCOMES'],
      items.map((r) => [
        r.sku, `${r.onHand}/${r.safetyStock}${below(r) ? ' !' : ''}`, String(r.onOrder),
        r.agent, r.phase ?? '-', counts(r.outcomes),
      ]),
      [2],
    ));
    if (items.some(below)) ctx.out('! below safety stock, counting what is on order');
  },
};

export const agentCommands: Command[] = [
  start,
  signal('stop', 'stop the agent; a replenishment in progress runs to its end first'),
  signal('pause', 'pause the agent: no stock checks and no new replenishment until resumed'),
  signal('resume', 'resume a paused agent (it checks stock at once)'),
  list,
];

