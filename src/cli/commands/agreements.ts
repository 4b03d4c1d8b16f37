import type { Agreement, AgreementStatus } from '../../domain/agreement.js';
import { text } from '../args.js';
import type { Command } from '../command.js';
import { json, table, when } from '../format.js';

type Listed = Agreement & { status: AgreementStatus };

/** What remains of a line, and of the value, as `left/allowed`. */
const left = (remaining: number | null, allowed: number | null, show: (n: number) => string = String) =>
  (remaining === null || allowed === null ? '-' : `${show(remaining)}/${show(allowed)}`);

const agreements: Command = {
  name: 'agreements',
  summary: 'blanket agreements: what each allows, what remains, and whether it holds',
  positionals: { min: 0, max: 0 },
  options: {
    status: { type: 'string', value: 'status', help: 'only agreements in this status: scheduled, active, expired, used-up, cancelled' },
    sku: { type: 'string', value: 'SKU', help: 'only agreements with a line for this SKU' },
    supplier: { type: 'string', value: 'id', help: 'only agreements with this supplier' },
  },
  examples: ['replenisher agreements', 'replenisher agreements --status active --sku WASHER-M8'],
  async run(ctx, { values }) {
    const filter = Object.fromEntries((['status', 'sku', 'supplier'] as const).flatMap((k) => (text(values, k) ? [[k, text(values, k)!]] : [])));
    const query = new URLSearchParams(filter).toString();
    const { items, currency } = await ctx.api.get<{ items: Listed[]; currency: string }>(`/agreements${query ? `?${query}` : ''}`);
    if (ctx.json) return ctx.out(json({ currency, items }));
    if (items.length === 0) return ctx.out('No blanket agreements match.');
    ctx.out(table(
      ['AGREEMENT', 'SUPPLIER', 'STATUS', 'APPROVAL', 'SKU', `UNIT ${currency}`, 'QTY LEFT', `VALUE LEFT ${currency}`, 'VALID UNTIL', 'APPROVED BY'],
      items.flatMap((a) => a.lines.map((l, i) => [
        i === 0 ? a.agreementId : '', i === 0 ? a.supplier : '', i === 0 ? a.status : '', i === 0 ? a.approval : '',
        l.sku, String(l.unitPrice), left(l.remainingQuantity, l.quantity),
        i === 0 ? left(a.remainingValue, a.totalValue, (n) => n.toFixed(2)) : '', i === 0 ? when(a.validUntil) : '', i === 0 ? a.approvedBy : '',
      ])),
      [5, 6, 7],
    ));
  },
};

export const agreementCommands: Command[] = [agreements];
