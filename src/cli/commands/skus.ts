import type { Command } from '../command.js';
import { json } from '../format.js';
import { renderSku } from '../show.js';
import type { SkuView } from '../views.js';

const show: Command = {
  name: 'show',
  args: '<SKU>',
  summary: 'stock, agent, the running or last replenishment with its decision log and timeline',
  positionals: { min: 1, max: 1 },
  examples: ['replenisher show SKU-100', 'replenisher show SKU-100 --json | jq .replenishment.log'],
  async run(ctx, { positionals: [sku] }) {
    const view = await ctx.api.get<SkuView>(`/skus/${encodeURIComponent(sku!)}`);
    ctx.out(ctx.json ? json(view) : renderSku(view, ctx.now()).join('\n'));
  },
};

const wake: Command = {
  name: 'wake',
  args: '<SKU>',
  summary: "tell the SKU's agent its stock changed, so it checks now instead of on its schedule",
  positionals: { min: 1, max: 1 },
  async run(ctx, { positionals: [sku] }) {
    // A manager's token or the warehouse's signature will do.
    const body = await ctx.api.post<{ sku: string; woken: boolean }>(`/skus/${encodeURIComponent(sku!)}/stock-changed`, undefined, { as: 'warehouse' });
    ctx.out(ctx.json ? json(body) : `${sku}: agent woken to check stock`);
  },
};

export const skuCommands: Command[] = [show, wake];
