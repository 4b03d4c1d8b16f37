import { describe, expect, it } from 'vitest';
import { eventually } from '../support/stack.js';
import { gatheringStack } from './gathering-story.js';
import { story } from './story.js';

type Drafted = { po: { supplier: string; freight?: number; total: number } | null; supplierChoice?: string | null };

describe('the purchase plan of a line whose supplier gathers', () => {
  it('weighs the consolidated PO the line would join: alone the supplier\'s freight sends a SKU elsewhere, with goods gathering the same quotes buy from it', async () => {
    // The gathering supplier sells at 2.10 plus freight 20 an order (free from 1,000); the other at 2.15, freight free.
    const { stack, supplier, desk, sku: gatheredOnly, deskView } = await gatheringStack({ windowHours: 1 });
    const other = 'acme-industrial';
    const both = () => stack.newSku(undefined, [
      { supplier, basePrice: 2.1, moq: 10, leadTimeDays: 1 },
      { supplier: other, basePrice: 2.15, moq: 10, leadTimeDays: 1 },
    ]);
    // The desk starts with its first line: until then there is nothing to ask.
    const lines = async () => (await deskView().catch(() => null))?.gathering?.lines.length ?? 0;
    const drafted = async (sku: string) => {
      const v = await eventually(() => story(stack, sku).view(), (x) => Boolean(x.replenishment?.po), 30_000, `${sku} to draft its PO`);
      return v.replenishment as Drafted;
    };

    // Nothing gathering: 90 × 2.10 + 20 = 209.00 against 90 × 2.15 = 193.50.
    const first = await both();
    await story(stack, first).startAgent();
    expect((await drafted(first)).po).toMatchObject({ supplier: other, total: 193.5 });

    // A SKU only the gathering supplier sells joins its desk: 90 × 2.00 = 180.00 gathering.
    const gathered = await gatheredOnly();
    await story(stack, gathered).startAgent();
    await eventually(lines, (n) => n === 1, 30_000, 'a line to gather at the desk');

    // The same quotes now: the line joins an order that pays its freight once, 189.00 against 193.50.
    const second = await both();
    await story(stack, second).startAgent();
    const plan = await drafted(second);
    expect(plan.po).toMatchObject({ supplier, total: 189 });
    expect(plan.po!.freight).toBeUndefined();
    const log = await story(stack, second).log();
    const reason = log.find((t) => t.tool === 'draft_purchase_order')?.reason ?? JSON.stringify(log);
    expect(reason).toContain('joining 180.00 of goods gathering for its next consolidated PO');
    await eventually(lines, (n) => n === 2, 30_000, 'the second line to join the desk');
    await desk.terminate('test over');
  });
});
