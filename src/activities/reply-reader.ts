import { ReplyFields, type ReplyKind } from '../domain/types.js';
import type { ReplyReader } from '../domain/world.js';

const MAX_TEXT = 20_000;

const KIND_WORDS: [ReplyKind, RegExp][] = [
  ['refused', /\b(cannot|can't|can not|unable to) (fulfil|fulfill|supply|accept|deliver)|\bdeclin(e|ed|es|ing)\b|\brefuse/i],
  ['partial', /\bpartial(ly)?\b|\bonly\s+\d+\s+(units|pcs|pieces)/i],
  ['price_change', /\bprice (increase|change|rise)|\bnew (unit )?price\b|\bnow costs?\b/i],
  ['delayed', /\bdelay(ed)?\b|\bpostpone|\blate\b|\bnew delivery date\b/i],
  ['confirmed', /\bconfirm|\bwill (ship|deliver)|\baccepted\b/i],
];

/**
 * Reads supplier text into the fixed reply fields with plain patterns. Structured fields sent by
 * the supplier's system win over words in the text; nothing else of the text is kept.
 */
export const patternReader: ReplyReader = {
  async read(text, hints) {
    const body = text.slice(0, MAX_TEXT);
    const kind = hints.kind ?? KIND_WORDS.find(([, re]) => re.test(body))?.[0] ?? 'confirmed';
    const date = body.match(/\b(\d{4}-\d{2}-\d{2})\b/)?.[1];
    const withoutDates = body.replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ');
    const price = withoutDates.match(/(?:price|cost)[^\d$€£]{0,20}[$€£]?\s?(\d+(?:\.\d{1,2})?)/i)?.[1];
    const qty = body.match(/\bonly\s+(\d+)\s+(?:units|pcs|pieces)/i)?.[1];
    const fields = {
      kind,
      deliveryDate: hints.deliveryDate ?? (date ? `${date}T00:00:00.000Z` : undefined),
      unitPrice: hints.unitPrice ?? (kind === 'price_change' && price ? Number(price) : undefined),
      quantity: hints.quantity ?? (kind === 'partial' && qty ? Number(qty) : undefined),
    };
    return ReplyFields.parse(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
  },
};
