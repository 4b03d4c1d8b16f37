import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rawMail, startSmtpSink, verdict } from '../support/mail.js';
import { afterThisFile, eventually } from '../support/stack.js';
import { askedAboutTwoLines, placedTwoLines } from './gathering-story.js';
import { story } from './story.js';

/**
 * A supplier answers the number it received: the consolidated PO's. What is addressed to SPO-… goes
 * to its lines' runs, each as a message to the line's own PO number; what cannot be taken is refused
 * before any line hears of it.
 */
describe('messages addressed to a consolidated PO\'s number', () => {
  it('a supplier that confirms the consolidated PO as a whole confirms every line: each run awaits its goods, and the same reply again is a duplicate on every line', async () => {
    const { stack, spo, pos, skus, desk, reply, read } = await placedTwoLines();
    const confirm = { messageId: 'ack-1', text: `We confirm your order ${spo}; delivery as planned.` };
    const first = await reply(confirm);
    expect(first).toMatchObject({ status: 202, body: { poNumber: spo, status: 'delivered', lines: pos.map((poNumber, i) => ({ poNumber, sku: skus[i], status: 202, result: 'delivered' })) } });
    for (const s of skus) expect((await story(stack, s).phase('awaiting goods')).replenishment.replies).toEqual([expect.objectContaining({ kind: 'confirmed' })]);

    expect(await reply(confirm)).toMatchObject({ status: 200, body: { status: 'duplicate', lines: pos.map((poNumber) => ({ poNumber, status: 200, result: 'duplicate' })) } });
    // The same id with other words is another message under a used id.
    expect(await reply({ ...confirm, text: 'We cannot deliver.' })).toMatchObject({ status: 409, body: { error: expect.stringMatching(/already received under the same id/) } });

    const view = await eventually(read, (v) => v.lines?.every((l: { status: string }) => l.status === 'awaiting goods'), 30_000, `${spo}'s lines to show awaiting goods`);
    expect(view).toMatchObject({ poNumber: spo, supplier: expect.any(String), total: 380, lines: pos.map((poNumber, i) => ({ poNumber, sku: skus[i], quantity: 90, standing: 'open', expected: 90, workflowId: `replenish-${skus[i]}-1` })) });
    await desk.terminate('test over');
  });

  it('a supplier that refuses one line of the consolidated PO: that run drops the supplier and, with no other, ends cancelled; the other line goes on to its goods', async () => {
    const { stack, supplier, spo, pos, skus, desk, reply, receive, read } = await placedTwoLines();
    const [a, b] = skus as [string, string];
    const refused = await reply({ messageId: 'r-a', text: `About ${spo}: we cannot supply ${a} any more.`, lines: [{ poNumber: pos[0], kind: 'refused' }] });
    expect(refused).toMatchObject({ status: 202, body: { lines: [{ poNumber: pos[0], status: 202, result: 'delivered' }] } });
    expect(refused.body.lines).toHaveLength(1);
    expect(await story(stack, a).outcome()).toMatchObject({ outcome: 'cancelled', reason: `no supplier left for ${a}: ${supplier} refused the order` });

    // The other line heard nothing of it: it is confirmed by its SKU and delivered through the SPO.
    expect((await story(stack, b).view()).replenishment.replies).toEqual([]);
    expect((await reply({ messageId: 'c-b', text: `${spo}: confirmed.`, lines: [{ sku: b, kind: 'confirmed' }] })).status).toBe(202);
    await story(stack, b).phase('awaiting goods');
    const closedLine = await eventually(read, (v) => v.lines?.[0]?.standing === 'settled', 30_000, `${pos[0]} to show settled`);
    expect(closedLine.lines[0]).toMatchObject({ status: 'cancelled', why: expect.stringMatching(new RegExp(`^${pos[0]} is settled \\(cancelled: no supplier left`)) });
    expect((await receive({ receiptId: 'g-b', lines: [{ poNumber: pos[1], quantity: 90 }] })).status).toBe(202);
    expect(await story(stack, b).outcome()).toMatchObject({ outcome: 'received', quantityReceived: 90, poNumber: pos[1] });
    await desk.terminate('test over');
  });

  it('a delivery in part on one line through the consolidated PO\'s receipts: that line goes on receiving while the other waits, and the rest of both closes them', async () => {
    const { stack, spo, pos, skus, desk, reply, receive, read } = await placedTwoLines();
    const [a, b] = skus as [string, string];
    expect((await reply({ messageId: 'ack', text: 'Order confirmed.', fields: { kind: 'confirmed' } })).status).toBe(202);
    await Promise.all(skus.map((s) => story(stack, s).phase('awaiting goods')));

    const part = await receive({ receiptId: 'dock-1', lines: [{ poNumber: pos[0], quantity: 40 }] });
    expect(part).toMatchObject({ status: 202, body: { poNumber: spo, status: 'delivered', lines: [{ poNumber: pos[0], status: 202 }] } });
    expect((await story(stack, a).phase('receiving')).replenishment.received).toBe(40);
    expect((await story(stack, b).view()).replenishment).toMatchObject({ phase: 'awaiting goods', received: 0 });
    const shown = await eventually(read, (v) => v.lines?.[0]?.status === 'receiving', 30_000, `${pos[0]} to show receiving`);
    expect(shown.lines.map((l: { quantityReceived: number; expected: number }) => [l.quantityReceived, l.expected])).toEqual([[40, 50], [0, 90]]);
    // A repeat of the receipt is a duplicate, even though the line now expects less than it says.
    expect(await receive({ receiptId: 'dock-1', lines: [{ poNumber: pos[0], quantity: 40 }] })).toMatchObject({ status: 200, body: { status: 'duplicate' } });

    expect((await receive({ receiptId: 'dock-2', lines: [{ sku: a, quantity: 50 }, { poNumber: pos[1], quantity: 90 }] })).status).toBe(202);
    for (const [s, po] of [[a, pos[0]], [b, pos[1]]] as const) expect(await story(stack, s).outcome()).toMatchObject({ outcome: 'received', quantityReceived: 90, poNumber: po });
    await desk.terminate('test over');
  });

  it('bad input to a consolidated PO\'s number is refused with the reason before any line hears of it, and nothing any run holds moves', async () => {
    const { stack, supplier, spo, desk, decide } = await askedAboutTwoLines();
    await eventually(() => stack.records.waiting.poNumberOf(spo), (po) => po === spo, 30_000, `${spo} in the approvals inbox`);
    const reply = (body: unknown, to = spo, from = supplier) => stack.authed('POST', `/purchase-orders/${to}/supplier-replies`, body, { supplier: from });
    const receive = (body: unknown, to = spo) => stack.authed('POST', `/purchase-orders/${to}/receipts`, body);
    const text = 'Confirmed.';

    // Not placed yet: it waits for the manager.
    expect(await reply({ messageId: 'early', text })).toMatchObject({ status: 409, body: { error: `${spo} waits for the manager's approval and has not been placed with its supplier yet` } });
    expect((await stack.api('GET', `/purchase-orders/${spo}`)).status).toBe(404);
    expect((await decide({ decision: 'approve', maxUnitPrice: 2 })).status).toBe(202);
    await eventually(() => stack.records.supplierOrders.of(spo), (o) => o !== null, 30_000, `${spo} to be placed`);
    // In the order the SPO holds its lines, as every answer lists them.
    const { lines } = (await stack.records.supplierOrders.of(spo))!;
    const skus = lines.map((l) => l.sku);
    const pos = lines.map((l) => l.poNumber);
    await Promise.all(skus.map((s) => story(stack, s).phase('ordered')));
    // The first line is delivered in full and closes: the line's own PO number still takes what is its own.
    expect((await stack.authed('POST', `/purchase-orders/${pos[0]}/supplier-replies`, { messageId: 'c-0', text, fields: { kind: 'confirmed' } }, { supplier })).status).toBe(202);
    await story(stack, skus[0]!).phase('awaiting goods');
    expect((await stack.authed('POST', `/purchase-orders/${pos[0]}/receipts`, { receiptId: 'full-0', quantity: 90 })).status).toBe(202);
    expect(await story(stack, skus[0]!).outcome()).toMatchObject({ outcome: 'received' });
    const before = await Promise.all(skus.map(async (s) => (await story(stack, s).view()).replenishment));
    await eventually(async () => stack.records.supplierOrders.states((await stack.records.supplierOrders.of(spo))!), (st) => st[0]!.standing === 'settled', 30_000, `${pos[0]} to be settled in the records`);

    const refusals: [string, () => Promise<{ status: number; body: { error?: string } }>, number, RegExp][] = [
      ['an SPO never placed', () => reply({ messageId: 'm1', text }, `SPO-${supplier}-9`), 404, new RegExp(`^no consolidated PO SPO-${supplier}-9 has been placed`)],
      ['a reply signed by another supplier', () => reply({ messageId: 'm2', text }, spo, 'acme-industrial'), 403, new RegExp(`^${spo} was sent to ${supplier}, not to acme-industrial$`)],
      ['a line the SPO lacks', () => reply({ messageId: 'm3', text, lines: [{ poNumber: pos[1], kind: 'confirmed' }, { poNumber: 'PO-ELSEWHERE-1', kind: 'confirmed' }] }), 400, new RegExp(`^lines\\[1\\]: PO-ELSEWHERE-1 is not a line of ${spo}; its lines are ${pos[0]} `)],
      ['a SKU the SPO lacks', () => reply({ messageId: 'm4', text, lines: [{ sku: 'NOT-ON-IT', kind: 'refused' }] }), 400, /^lines\[0\]: SKU NOT-ON-IT is not a line of /],
      ['a line named twice', () => reply({ messageId: 'm5', text, lines: [{ poNumber: pos[1], kind: 'confirmed' }, { sku: skus[1], kind: 'refused' }] }), 400, /^lines\[1\]: .* is named already in lines\[0\]/],
      ['more units than the line holds', () => reply({ messageId: 'm6', text, lines: [{ poNumber: pos[1], kind: 'partial', quantity: 91 }] }), 400, new RegExp(`^lines\\[0\\]\\.quantity: 91 is more than the 90 units of ${pos[1]}`)],
      ['fields and lines both', () => reply({ messageId: 'm7', text, fields: { kind: 'confirmed' }, lines: [{ poNumber: pos[1], kind: 'confirmed' }] }), 400, /^lines: give fields for every line, or lines each with its own, not both/],
      ['a reply to a line already closed', () => reply({ messageId: 'm8', text, lines: [{ poNumber: pos[0], kind: 'confirmed' }, { poNumber: pos[1], kind: 'confirmed' }] }), 409, new RegExp(`^${pos[0]} takes no more messages: ${pos[0]} is settled \\(received: .*\\); nothing was sent to any line of ${spo}$`)],
      ['lines to a PO of one line', () => reply({ messageId: 'm9', text, lines: [{ poNumber: pos[1], kind: 'confirmed' }] }, pos[1]), 400, /^lines: only a consolidated PO/],
      ['a receipt for a line already closed', () => receive({ receiptId: 'g1', lines: [{ poNumber: pos[1], quantity: 10 }, { poNumber: pos[0], quantity: 1 }] }), 409, new RegExp(`^${pos[0]} takes no more messages: ${pos[0]} is settled`)],
      ['a receipt above what the line still expects', () => receive({ receiptId: 'g2', lines: [{ poNumber: pos[1], quantity: 91 }] }), 409, new RegExp(`^a receipt of 91 is more than the 90 still expected on ${pos[1]} \\(90 ordered on ${spo}, 0 received\\)`)],
      ['a receipt for a line the SPO lacks', () => receive({ receiptId: 'g3', lines: [{ sku: 'NOT-ON-IT', quantity: 1 }] }), 400, /is not a line of /],
      ['a receipt of one quantity for the whole SPO', () => receive({ receiptId: 'g4', quantity: 10 }), 400, new RegExp(`^quantity: ${spo} is a consolidated PO`)],
      ['a receipt with neither', () => receive({ receiptId: 'g5' }), 400, /give quantity .* or lines .*, one of the two/],
      ['a cancellation of an SPO never placed', () => stack.authed('POST', `/purchase-orders/SPO-${supplier}-9/cancel`, { reason: 'not needed' }), 404, /has been placed/],
    ];
    for (const [what, send, status, why] of refusals) {
      const answer = await send();
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(status);
      expect(answer.body.error, what).toMatch(why);
    }

    // The positive sign: a good receipt after them all reaches the open line, and is all that moved.
    expect((await receive({ receiptId: 'good', lines: [{ poNumber: pos[1], quantity: 10 }] })).status).toBe(202);
    const after = (await story(stack, skus[1]!).phase('receiving')).replenishment;
    expect(after.received).toBe(10);
    expect(after.replies).toEqual(before[1]!.replies);
    expect(after.notes).toEqual(before[1]!.notes);
    expect((await story(stack, skus[0]!).view()).pastOutcomes.at(-1)).toMatchObject({ outcome: 'received', quantityReceived: 90 });
    // A message refused before any line heard of it leaves no trace: sent again once it fits, it is new.
    expect((await stack.records.supplierOrders.message(`receipt:g2@${spo}`))).toBeNull();
    await desk.terminate('test over');
  });

  it('the manager cancels the consolidated PO: each open line\'s run cancels its line, a line already closed is passed over', async () => {
    const { stack, spo, pos, skus, desk, reply, receive, cancel, read } = await placedTwoLines();
    expect((await reply({ messageId: 'ack', text: 'Order confirmed.', fields: { kind: 'confirmed' } })).status).toBe(202);
    await Promise.all(skus.map((s) => story(stack, s).phase('awaiting goods')));
    expect((await receive({ receiptId: 'all-0', lines: [{ poNumber: pos[0], quantity: 90 }] })).status).toBe(202);
    expect(await story(stack, skus[0]!).outcome()).toMatchObject({ outcome: 'received' });
    await eventually(read, (v) => v.lines?.[0]?.standing === 'settled', 30_000, `${pos[0]} to show settled`);

    const cancelled = await cancel({ reason: 'the range is discontinued' }, { 'idempotency-key': 'stop-spo' });
    expect(cancelled).toMatchObject({
      status: 202, body: { poNumber: spo, status: 'delivered', by: 'dana', lines: [{ poNumber: pos[0], status: 409, error: expect.stringMatching(/^not sent: .* is settled \(received/) }, { poNumber: pos[1], status: 202 }] },
    });
    expect(await story(stack, skus[1]!).outcome()).toMatchObject({ outcome: 'cancelled', reason: 'cancelled by dana: the range is discontinued' });
    // Cancelled at the supplier too, by the line's own run.
    expect(stack.sandbox.store.order(pos[1]!)).toMatchObject({ status: 'cancelled' });
    expect(await cancel({ reason: 'the range is discontinued' }, { 'idempotency-key': 'stop-spo' })).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    await desk.terminate('test over');
  });

  it('a supplier\'s mail naming the consolidated PO is its reply to every line; one naming a line beside it is held for the manager', async () => {
    const secret = randomBytes(24).toString('hex');
    const { stack, supplier, spo, pos, skus, desk } = await placedTwoLines({ mailSecret: secret });
    const from = `orders@${supplier}.example`;
    const mail = async (subject: string, text: string) => {
      const res = await fetch(`${stack.apiUrl}/inbound-mail`, {
        method: 'POST', body: rawMail({ from, subject, text }),
        headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${secret}`, 'authentication-results': verdict(`${supplier}.example`) },
      });
      return { status: res.status, body: await res.json() as Record<string, unknown> };
    };
    const mixed = await mail(`Re: ${spo}`, `We confirm ${spo}, but ${pos[1]} ships a week later.`);
    expect(mixed).toMatchObject({ status: 202, body: { status: 'held for the manager', poNumber: null, reason: `it names ${spo} and also ${pos[1]}: a person reads which lines it is about` } });

    const taken = await mail(`Re: ${spo}`, 'We confirm the order, delivery as planned.');
    expect(taken).toMatchObject({ status: 202, body: { status: 'delivered', poNumber: spo, lines: pos.map((poNumber) => ({ poNumber, status: 202 })) } });
    for (const s of skus) expect((await story(stack, s).phase('awaiting goods')).replenishment.replies).toHaveLength(1);
    await desk.terminate('test over');
  });

  it('with mail to suppliers, the consolidated PO goes out as one order mail listing its lines, and the supplier\'s answer to it, naming no number, reaches every line', async () => {
    const secret = randomBytes(24).toString('hex');
    const smtp = await startSmtpSink(afterThisFile);
    const { stack, supplier, spo, pos, skus, desk } = await placedTwoLines({ mailSecret: secret, smtpUrl: smtp.url });
    const order = await smtp.next((m) => m.parsed.subject === `Purchase order ${spo}`, `the order mail for ${spo}`);
    expect(order.to).toEqual([`orders@${supplier}.example`]);
    const text = order.parsed.text!;
    pos.forEach((po, i) => expect(text).toMatch(new RegExp(`  ${i + 1}\\. 90 × ${skus[i]} at 2\\.00 USD each, 180\\.00 USD \\(line ${po}, expected delivery \\d{4}-\\d{2}-\\d{2}\\)`)));
    expect(text).toContain('goods 360.00 USD, freight 20.00 USD, 380.00 USD in total');
    // The lines were ordered on the consolidated PO alone: none of them went out as an order of its own.
    expect(smtp.received.filter((m) => pos.some((po) => m.parsed.subject?.includes(po)))).toEqual([]);

    const orderId = order.parsed.messageId!.replace(/^<|>$/g, '');
    const res = await fetch(`${stack.apiUrl}/inbound-mail`, {
      method: 'POST',
      body: rawMail({ from: `orders@${supplier}.example`, subject: 'Re: your order', text: 'Confirmed, both lines ship as planned.', headers: [`In-Reply-To: <${orderId}>`] }),
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${secret}`, 'authentication-results': verdict(`${supplier}.example`) },
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ status: 'delivered', poNumber: spo, lines: pos.map((poNumber) => ({ poNumber, status: 202 })) });
    for (const s of skus) expect((await story(stack, s).phase('awaiting goods')).replenishment.replies).toEqual([expect.objectContaining({ kind: 'confirmed' })]);
    await desk.terminate('test over');
  });
});
