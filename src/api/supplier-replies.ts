import type { z } from 'zod';
import { skuOfPo } from '../domain/ids.js';
import type { World } from '../domain/world.js';
import type { DeliverResult } from '../workflows/messages.js';
import type { Agents } from './agents.js';
import type { SupplierReplyBody } from './schemas.js';

/** Longer supplier texts are stored in the world's document store and sent by reference. */
export const INLINE_TEXT_CHARS = 2_000;

export type SupplierReply = Pick<z.infer<typeof SupplierReplyBody>, 'messageId' | 'text' | 'fields' | 'receivedAt'>;

/** A reply's text as a message carries it: a long email travels by reference, and workflow histories carry at most an excerpt of it. */
export interface StoredText { text: string; documentRef?: string }

export async function storedText(world: World, text: string, ref: string): Promise<StoredText> {
  if (text.length <= INLINE_TEXT_CHARS) return { text };
  return { text: text.slice(0, INLINE_TEXT_CHARS), documentRef: await world.storeDocument(text, ref) };
}

/** A supplier's reply as a message to a PO's run. Each supplier numbers its own messages: the same id from two suppliers is two messages. */
export const supplierReplyMessage = (po: string, supplier: string, body: Omit<SupplierReply, 'text'>, stored: StoredText): Parameters<Agents['deliver']>[1] => ({
  event: 'supplier-reply', poNumber: po, messageId: `reply:${supplier}:${body.messageId}`,
  payload: {
    ...stored,
    ...(body.fields ? { fields: body.fields } : {}),
    ...(body.receivedAt ? { receivedAt: new Date(body.receivedAt).toISOString() } : {}),
    supplier,
  },
});

/**
 * A supplier's reply on its way to the PO's run, whichever door it came in by (a signed JSON POST,
 * an email): the one path to the reader and the run's judgement. Refusals throw as HttpError.
 */
export async function deliverSupplierReply(agents: Agents, world: World, po: string, supplier: string, body: SupplierReply): Promise<DeliverResult> {
  return agents.deliver(skuOfPo(po), supplierReplyMessage(po, supplier, body, await storedText(world, body.text, po)));
}
