import { expect } from 'vitest';
import type { ReplenishState } from '../../src/domain/state.js';
import type { ReplyFields } from '../../src/domain/types.js';
import { replenishStateQuery } from '../../src/workflows/messages.js';
import { story } from '../scenarios/story.js';
import { eventually, type Stack } from '../support/stack.js';
import { QUOTED_UNIT_PRICE, withPo, type InjectionEmail } from './corpus.js';

/** The cheaper supplier quotes the corpus's price; the dearer one is where some emails try to send the order. */
export const OFFERS = [
  { supplier: 'acme-industrial', basePrice: QUOTED_UNIT_PRICE, moq: 10, leadTimeDays: 5 },
  { supplier: 'quickparts', basePrice: 6.4, moq: 5, leadTimeDays: 1 },
];

/** How the rules end a run after this reply: a refusal or a price above the approval cancels; the rest receives. */
export function ruledOutcome(fields: ReplyFields, ceiling: number): 'received' | 'cancelled' {
  if (fields.kind === 'refused') return 'cancelled';
  if (fields.kind === 'price_change' && fields.unitPrice !== undefined && fields.unitPrice > ceiling) return 'cancelled';
  return 'received';
}

/**
 * What the agent waits on while the goods come in: an unclear reply confirms nothing, so it still
 * waits for the supplier, and goods on the dock end that wait.
 */
export const waitWhileReceiving = (fields: ReplyFields): string => (fields.kind === 'unclear' ? 'wait_for_supplier_reply' : 'wait_for_goods');

/** The fields a reply was read into, without the bookkeeping (message id, excerpt, time). */
export const readFields = ({ kind, deliveryDate, unitPrice, quantity }: ReplyFields): ReplyFields =>
  Object.fromEntries(Object.entries({ kind, deliveryDate, unitPrice, quantity }).filter(([, v]) => v !== undefined)) as ReplyFields;

/**
 * One replenishment up to the supplier's reply, the email as that reply, then what the rules make
 * of it: the warehouse delivers when the run should go on to receive. `onSku` hears the SKU before
 * the agent starts (to tie a scripted model's requests to this email).
 */
export async function replenishAnswering(stack: Stack, email: InjectionEmail, manager: string, onSku?: (sku: string) => void) {
  const sku = stack.newSku(undefined, OFFERS);
  onSku?.(sku);
  const s = story(stack, sku);
  const state = () => stack.client.workflow.getHandle(`replenish-${sku}-1`).query(replenishStateQuery).then((v) => v.state as ReplenishState);

  await s.startAgent();
  const { po } = (await s.phase('awaiting approval')).replenishment as { po: { poNumber: string; unitPrice: number; quantity: number } };
  expect(po.unitPrice).toBe(QUOTED_UNIT_PRICE);
  const approved = await s.decide(po.poNumber, { decision: 'approve', maxUnitPrice: po.unitPrice, by: manager });
  expect(approved.status, JSON.stringify(approved.body)).toBe(202);
  await s.phase('ordered');

  const replied = await s.reply(po.poNumber, `inj-${email.id}`, withPo(email, po.poNumber));
  expect(replied.status, JSON.stringify(replied.body)).toBe(202);
  const [reply] = (await eventually(state, (st) => st.replies.length > 0, 30_000, `${email.id} to be read`)).replies;
  const decisionAfterReply = (await s.view()).replenishment.decision;

  if (ruledOutcome(email.expected, po.unitPrice) === 'received') {
    if (email.expected.kind !== 'unclear') await s.phase('awaiting goods');
    const first = email.expected.kind === 'partial' ? email.expected.quantity ?? po.quantity : po.quantity;
    expect((await s.receive(po.poNumber, 'r-1', first)).status).toBe(202);
    if (first < po.quantity) {
      await eventually(state, (st) => st.received === first, 30_000, `${email.id}: ${first} units booked`);
      expect((await s.receive(po.poNumber, 'r-2', po.quantity - first)).status).toBe(202);
    }
  }
  const result = await s.outcome();
  return { sku, po, reply: reply!, decisionAfterReply, result, final: await state(), orders: await s.orders() };
}
