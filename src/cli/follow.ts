import { replenishmentIdOfPo } from '../domain/ids.js';
import type { Context } from './command.js';
import { CliError } from './errors.js';
import { duration, offset, when } from './format.js';
import type { SkuView } from './views.js';

const AT_APPROVAL = new Set(['drafting', 'awaiting approval', 'approved']);

export interface PhaseChange { phase: string; afterMs: number; poNumber: string | null }

/**
 * Polls a SKU until the replenishment of `po` has moved past approval (ordered, rejected,
 * cancelled, failed, finished, or re-drafted as a new PO), printing each phase it passes through.
 * `throughRevision`: an approval with edits redrafts the PO as a revision that this approval already
 * covers, so the revision is followed on instead of ending the watch.
 */
export async function followPastApproval(
  ctx: Context, sku: string, first: string, timeoutMs: number, { throughRevision = false, everyMs = 500 } = {},
): Promise<PhaseChange[]> {
  const started = ctx.now();
  const changes: PhaseChange[] = [];
  let po = first;
  for (;;) {
    const v = await ctx.api.get<SkuView>(`/skus/${encodeURIComponent(sku)}`);
    const r = v.replenishment;
    const phase = r?.phase ?? 'none';
    const poNumber = r?.po?.poNumber ?? null;
    if (throughRevision && poNumber !== null && poNumber !== po && replenishmentIdOfPo(poNumber) === replenishmentIdOfPo(first)) po = poNumber;
    const last = changes.at(-1);
    if (!last || last.phase !== phase || last.poNumber !== poNumber) {
      const change = { phase, afterMs: ctx.now() - started, poNumber };
      changes.push(change);
      if (!ctx.json) ctx.out(`  ${offset(change.afterMs).padStart(7)}  ${describe(v, po)}`);
    }
    if (!r || poNumber !== po || !AT_APPROVAL.has(phase)) return changes;
    if (ctx.now() - started > timeoutMs) {
      throw new CliError(`${po} is still ${phase} after ${duration(timeoutMs)}`, 1, `Follow it with: replenisher show ${sku}`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

function describe(v: SkuView, po: string): string {
  const r = v.replenishment;
  if (!r) return 'no replenishment';
  if (r.po && r.po.poNumber !== po) return `${r.phase}: now working on ${r.po.poNumber}`;
  if (r.order) return `${r.phase}: placed with ${r.order.supplier}, expected ${when(r.order.expectedDelivery)}`;
  return r.phase;
}
