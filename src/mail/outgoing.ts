import { createHash, randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import nodemailer, { type Transporter } from 'nodemailer';
import { parseActivityId } from '../domain/ids.js';
import { formatMoney } from '../domain/money.js';
import type { SupplierOrderAck, SupplierOrderRequest } from '../domain/supplier-order.js';
import type { OrderAck, PurchaseOrder } from '../domain/types.js';
import type { World } from '../domain/world.js';
import { domainOf, mailboxOf, type SupplierDirectory } from './directory.js';
import type { Logger } from 'pino';
import { currencyOf, type Rules } from '../domain/rules.js';
import type { PurchaseRecords } from '../records/store.js';
import { MailLog } from './log.js';
import { outgoingMailOf, type MailEnv } from './settings.js';

/** What a mail to a supplier is about: the tool that sent it decides. */
export type MailKind = 'order' | 'chase' | 'clarification' | 'cancellation';

export interface SupplierMailOptions {
  /** An SMTP URL (nodemailer's), or a transport already made. */
  transport: string | Transporter;
  from: string;
  directory: SupplierDirectory;
  log: MailLog;
  currency: string;
}

/**
 * Stable across the retries of the activity that sends it, so a retry sends the same Message-ID
 * (and sends nothing when the first attempt's mail is recorded); distinct for each turn.
 */
function callId(): { id: string; tool: string | null } {
  try {
    const info = Context.current().info;
    const ref = parseActivityId(info.activityId);
    return { id: `${info.workflowExecution?.workflowId ?? info.activityType}/${info.activityId}`, tool: ref.kind === 'tool' ? ref.name : null };
  } catch {
    return { id: randomUUID(), tool: null };
  }
}

const orderText = (po: PurchaseOrder, ack: OrderAck, currency: string): string => [
  'Dear supplier,',
  '',
  `please supply the following under our purchase order ${po.poNumber} (your reference ${ack.supplierRef}):`,
  '',
  `  ${po.quantity} × ${po.sku} at ${formatMoney(po.unitPrice, currency)} each`
    + `${po.freight ? `, freight ${formatMoney(po.freight, currency)}` : ''}, ${formatMoney(po.total, currency)} in total`,
  `  expected delivery: ${ack.expectedDelivery.slice(0, 10)}`,
  '',
  `Please confirm the order and its delivery date by answering this mail; keep ${po.poNumber} in the subject.`,
].join('\n');

/** A consolidated PO's order mail: its lines under their own PO numbers, which the supplier's answers may name. */
const supplierOrderText = (order: SupplierOrderRequest, ack: SupplierOrderAck): string => {
  const delivery = new Map(ack.lines.map((l) => [l.poNumber, l.expectedDelivery.slice(0, 10)]));
  return [
    'Dear supplier,',
    '',
    `please supply the following under our purchase order ${order.spoNumber} (your reference ${ack.supplierRef}):`,
    '',
    ...order.lines.map((l, i) => `  ${i + 1}. ${l.quantity} × ${l.sku} at ${formatMoney(l.unitPrice, order.currency)} each, `
      + `${formatMoney(l.lineTotal, order.currency)} (line ${l.poNumber}, expected delivery ${delivery.get(l.poNumber) ?? 'as you confirm'})`),
    '',
    `  goods ${formatMoney(order.goods, order.currency)}${order.freight ? `, freight ${formatMoney(order.freight, order.currency)}` : ''}, `
      + `${formatMoney(order.total, order.currency)} in total`,
    '',
    `Please confirm the order and its delivery dates by answering this mail; keep ${order.spoNumber} in the subject, `
      + 'and name a line\'s number when you write about that line alone.',
  ].join('\n');
};

/**
 * Mail to suppliers beside the supplier gateway: the order, reminders, questions and cancellations
 * also go by mail to each supplier with an address in the directory, each with a Message-ID recorded
 * so that the reply's In-Reply-To finds its PO. The gateway's call comes first and stays the record;
 * a mail that cannot be sent fails the call, and its retry finds the gateway's answer unchanged
 * (the order is idempotent on its key) and sends the same Message-ID again. A supplier without an
 * address gets no mail, and the world behaves as it did.
 */
export function withSupplierMail(world: World, opts: SupplierMailOptions): World {
  // Within the tool activity's 30 s: a relay that hangs fails the call, which Temporal retries.
  const transport = typeof opts.transport === 'string'
    ? nodemailer.createTransport({ url: opts.transport, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 })
    : opts.transport;
  const domain = domainOf(opts.from) ?? 'localhost';

  async function send(kind: MailKind, supplier: string, poNumber: string, text: string, call = callId()): Promise<void> {
    const to = mailboxOf(opts.directory, supplier);
    if (!to) return;
    const messageId = `${kind}.${poNumber}.${createHash('sha256').update(call.id).digest('hex').slice(0, 24)}@${domain}`;
    if (await opts.log.wasSent(messageId)) return;
    const thread = await opts.log.lastAbout(poNumber);
    const subject = kind === 'order' || !thread ? `Purchase order ${poNumber}${kind === 'order' ? '' : ` (${kind})`}` : `Re: ${thread.subject.replace(/^Re: /, '')}`;
    await transport.sendMail({
      from: opts.from, to, subject, text, messageId: `<${messageId}>`,
      ...(thread && kind !== 'order' ? { inReplyTo: `<${thread.messageId}>`, references: [`<${thread.messageId}>`] } : {}),
      headers: { 'X-PO-Number': poNumber },
    });
    await opts.log.sent({ messageId, poNumber, supplier, kind, toAddress: to, subject, sentAt: new Date().toISOString() });
  }

  // The agent's questions to a supplier (restate a reply, keep the ordered price) travel as the world's chase call.
  const kindOfChase = (tool: string | null): MailKind => (tool?.startsWith('ask_supplier_') ? 'clarification' : 'chase');

  return {
    ...world,
    async placeOrder(po, idempotencyKey) {
      const ack = await world.placeOrder(po, idempotencyKey);
      await send('order', po.supplier, po.poNumber, orderText(po, ack, opts.currency));
      return ack;
    },
    async placeSupplierOrder(order, idempotencyKey) {
      const ack = await world.placeSupplierOrder(order, idempotencyKey);
      // The desk lives for years under one workflow id and its activity ids start again after each
      // continue-as-new: the SPO number, placed once, is what keeps its retries' Message-ID the same.
      await send('order', order.supplier, order.spoNumber, supplierOrderText(order, ack), { id: `supplier-order/${idempotencyKey}`, tool: null });
      return ack;
    },
    async chase(supplier, poNumber, message) {
      await world.chase(supplier, poNumber, message);
      const call = callId();
      await send(kindOfChase(call.tool), supplier, poNumber, `Dear supplier,\n\n${message}\n\nPlease answer this mail; keep ${poNumber} in the subject.`, call);
    },
    async cancelOrder(supplier, poNumber, reason) {
      await world.cancelOrder(supplier, poNumber, reason);
      await send('cancellation', supplier, poNumber, `Dear supplier,\n\nwe cancel our purchase order ${poNumber}: ${reason}\n\nPlease confirm the cancellation by answering this mail.`);
    },
  };
}

/** The activities' world with mail to suppliers when SMTP_URL is configured; the same world otherwise. */
export function mailingWorld(env: MailEnv, rules: Rules, world: World, records: PurchaseRecords, log: Logger): World {
  const settings = outgoingMailOf(env);
  if (!settings) return world;
  log.info(`mail to suppliers from ${settings.from} for ${Object.keys(settings.directory).filter((s) => mailboxOf(settings.directory, s)).join(', ') || 'no supplier with an address'}`);
  return withSupplierMail(world, { transport: settings.smtpUrl, from: settings.from, directory: settings.directory, log: new MailLog(records.db), currency: currencyOf(rules) });
}
