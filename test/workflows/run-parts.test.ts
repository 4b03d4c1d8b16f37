import { describe, expect, it } from 'vitest';
import type { ReplenishState } from '../../src/domain/state.js';
import { gate } from '../../src/domain/phase.js';
import { requestApproval } from '../../src/tools/request-approval.js';
import { MessageDesk } from '../../src/workflows/message-desk.js';
import { Publisher } from '../../src/workflows/publisher.js';
import { RunClock } from '../../src/workflows/run-clock.js';
import { approvalMessage, approved, awaitingApproval, confirmed, goodsArrived, ordered, receiptMessage, rules, supplierMessage, T0 } from '../support/states.js';

// The parts Replenish turns on, outside a workflow: they hold no I/O of their own.

describe('the run\'s clock', () => {
  it('moves only forward, to the times it is given', () => {
    const clock = new RunClock(Date.parse('2026-05-04T09:00:00Z'));
    clock.advance('2026-05-05T09:00:00Z');
    clock.advance('2026-05-04T12:00:00Z');
    clock.advance(undefined);
    expect(clock.now()).toBe('2026-05-05T09:00:00.000Z');
  });
});

describe('the message desk', () => {
  const deskAt = (s: ReplenishState) => {
    const box = { state: s };
    return { desk: new MessageDesk(() => box.state, rules(), () => Date.parse(T0)), box };
  };

  it('takes a message that fits, says so once, and calls a second delivery of it a duplicate', () => {
    const { desk } = deskAt(awaitingApproval());
    const m = approvalMessage(awaitingApproval());
    expect(desk.judge(m)).toEqual({ status: 'delivered' });
    expect(desk.judge(m)).toEqual({ status: 'duplicate' });
    expect(desk.inbox.has(['approval'])).toBe(true);
    // A decision in the inbox closes the door to a second one.
    expect(desk.judge(approvalMessage(awaitingApproval(), { approved: false, reason: 'no' }))).toMatchObject({ status: 'refused', why: 'a decision is already waiting to be read' });
  });

  it('refuses another message under an id it has taken, naming the id the sender sets, and never calls it a duplicate', () => {
    const { desk } = deskAt(ordered());
    const reply = supplierMessage(ordered(), 'We confirm your order.');
    expect(desk.judge(reply)).toEqual({ status: 'delivered' });
    // Where the service kept the text or who the signature proved is not what the sender said.
    expect(desk.judge({ ...reply, at: '2025-03-04T09:00:00.000Z', payload: { ...reply.payload, documentRef: 'doc-9' } })).toEqual({ status: 'duplicate' });
    expect(desk.judge({ ...reply, payload: { ...reply.payload, text: 'Delivery moves to April.' } })).toEqual({
      status: 'refused', type: 'NotWaiting',
      why: `a different supplier-reply for ${reply.poNumber} was already received under the same messageId: a repeat must say the same; a new message needs a new messageId`,
    });
  });

  it('refuses a receipt for more than the order still expects, and takes one for the rest', () => {
    const s = goodsArrived(confirmed(), 30);
    const { desk } = deskAt(s);
    const left = s.po!.quantity - 30;
    expect(desk.judge({ ...receiptMessage(s, left + 1), messageId: 'r-over' })).toMatchObject({
      status: 'refused', type: 'NotWaiting',
      why: `a receipt of ${left + 1} is more than the ${left} still expected on ${s.po!.poNumber} (${s.po!.quantity} ordered, 30 received): record at most ${left} against it and settle the surplus with the supplier`,
    });
    expect(desk.judge({ ...receiptMessage(s, left), messageId: 'r-rest' })).toEqual({ status: 'delivered' });
  });

  it('refuses at once a receipt that comes before the order for more than the PO is drafted for, and holds one that fits', () => {
    const { desk } = deskAt(approved());
    const po = approved().po!;
    expect(desk.judge({ ...receiptMessage(approved(), po.quantity + 1), messageId: 'r-early-over' })).toEqual({
      status: 'refused', type: 'NotWaiting',
      why: `a receipt of ${po.quantity + 1} is more than the ${po.quantity} still expected on ${po.poNumber} (drafted for ${po.quantity}, not yet ordered): record at most ${po.quantity} against it and settle the surplus with the supplier`,
    });
    expect(desk.judge({ ...receiptMessage(approved(), po.quantity), messageId: 'r-early' })).toEqual({ status: 'held' });
  });

  it('holds a supplier\'s reply that comes before the order, and lets it in once the order is placed', () => {
    const { desk, box } = deskAt(approved());
    const early = supplierMessage(ordered(), 'We confirm your order.');
    expect(desk.judge(early)).toEqual({ status: 'held' });
    expect(desk.inbox.has(['supplier-reply'])).toBe(false);
    box.state = ordered();
    desk.releaseHeld();
    expect(desk.inbox.has(['supplier-reply'])).toBe(true);
  });

  it('once the run has ended, refuses everything and lets the held messages go with the reason', () => {
    const { desk } = deskAt(approved());
    expect(desk.judge(supplierMessage(ordered(), 'We confirm your order.'))).toEqual({ status: 'held' });
    desk.end();
    expect(desk.notes.at(-1)).toMatch(/refused: the replenishment ended first$/);
    expect(desk.judge(supplierMessage(ordered(), 'Shipped.'))).toMatchObject({ status: 'refused' });
  });

  it('a cancellation closes the door to a second one', () => {
    const { desk } = deskAt(ordered());
    const cancel = (id: string) => ({ event: 'cancel' as const, poNumber: ordered().po!.poNumber, messageId: id, at: '2026-05-04T09:00:00Z', payload: { by: 'dana', reason: 'not needed' } });
    expect(desk.judge(cancel('c-1'))).toEqual({ status: 'delivered' });
    expect(desk.pending('cancel')).toBe(true);
    expect(desk.judge(cancel('c-2'))).toMatchObject({ status: 'refused' });
  });
});

describe('the publisher', () => {
  const outlets = () => {
    const written: string[] = [];
    const searched: string[][] = [];
    return {
      written, searched,
      out: {
        search: (pairs: { key: { name: string }; value: string }[]) => { searched.push(pairs.map((p) => `${p.key.name}=${p.value}`)); },
        openOrder: async (e: { order: unknown }) => { written.push(`order ${e.order === null ? 'none' : 'open'}`); },
        inbox: async (e: { request: unknown }) => { written.push(`inbox ${e.request === null ? 'cleared' : 'asked'}`); },
        failed: (what: string) => { written.push(`failed ${what}`); },
      },
    };
  };
  const publisherOf = (o: ReturnType<typeof outlets>) =>
    new Publisher({ workflowId: 'replenish-SKU-1-1', runId: 'run-1' }, rules(), (s) => gate('replenish-SKU-1-1', s, rules(), requestApproval.name), o.out as never);

  it('writes what the manager is asked and the open order only when they change', async () => {
    const o = outlets();
    const p = publisherOf(o);
    p.show(awaitingApproval(), false, '2026-05-04T09:00:00Z');
    p.show(awaitingApproval(), false, '2026-05-04T09:05:00Z');
    await p.flushed();
    expect(o.written).toEqual(['order open', 'inbox asked']);
    expect(o.searched.at(-1)).toEqual(expect.arrayContaining(['SKU=SKU-1', 'PoNumber=PO-SKU-1-1']));
  });

  it('at the end clears the inbox row, leaves the open order to the record, and shows the outcome', async () => {
    const o = outlets();
    const p = publisherOf(o);
    p.show(awaitingApproval(), false, '2026-05-04T09:00:00Z');
    p.show(awaitingApproval(), true, '2026-05-04T10:00:00Z');
    await p.flushed();
    expect(o.written).toEqual(['order open', 'inbox asked', 'inbox cleared']);
    expect(o.searched.at(-1)!.some((pair) => pair.startsWith('Outcome='))).toBe(true);
  });

  it('a write that fails is reported and the next still goes out', async () => {
    const o = outlets();
    o.out.openOrder = async () => { throw new Error('database down'); };
    const p = publisherOf(o);
    p.show(awaitingApproval(), false, '2026-05-04T09:00:00Z');
    await p.flushed();
    expect(o.written.sort()).toEqual(['failed the open purchase order', 'inbox asked']);
  });

  it('sends each write at once, numbered, without waiting for the one before to land', async () => {
    const sent: { what: string; version: number | undefined }[] = [];
    const never = new Promise<void>(() => undefined);
    const o = outlets();
    o.out.openOrder = (e: { order: unknown; version?: number }) => { sent.push({ what: 'order', version: e.version }); return never; };
    o.out.inbox = async (e: { request: unknown; version?: number }) => { sent.push({ what: 'inbox', version: e.version }); };
    const p = publisherOf(o);
    p.show(awaitingApproval(), false, '2026-05-04T09:00:00Z');
    p.show(awaitingApproval(), true, '2026-05-04T10:00:00Z');
    // The open order's write never lands, and the inbox's two writes went out all the same, in the same task.
    expect(sent).toEqual([{ what: 'order', version: 1 }, { what: 'inbox', version: 2 }, { what: 'inbox', version: 3 }]);
  });
});
