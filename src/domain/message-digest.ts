import type { Message } from './state.js';

// A sender that repeats a message under its id (a retried request) must send the same message; one
// that sends other content under an id already used has two messages and one id, and the second
// would otherwise be answered "duplicate" and dropped without a word.

/** What a message carries that its sender chose: not where the service kept it or who the token proved. */
const CHOSEN_BY_THE_SERVICE = new Set(['documentRef', 'channel', 'limit', 'by', 'supplier']);

const stable = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined).sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
};

/** A short fingerprint of what a message says (FNV-1a over its event, PO and sender-chosen payload). */
export function digestOf(m: Pick<Message, 'event' | 'poNumber' | 'payload'>): string {
  const payload = Object.fromEntries(Object.entries(m.payload).filter(([k]) => !CHOSEN_BY_THE_SERVICE.has(k)));
  const text = `${m.event}|${m.poNumber}|${stable(payload)}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** Against what an id's earlier message said: this one again (`same`), or `different` content under that id. */
export const repeatOf = (earlier: string | undefined, m: Pick<Message, 'event' | 'poNumber' | 'payload'>): 'same' | 'different' | null =>
  earlier === undefined ? null : earlier === digestOf(m) ? 'same' : 'different';

/** The name a sender knows a message's id by, for each kind of message. */
const ID_NAME: Record<Message['event'], string> = {
  approval: 'Idempotency-Key', cancel: 'Idempotency-Key', 'supplier-reply': 'messageId', 'goods-receipt': 'receiptId', 'supplier-order': 'line news id',
};

/** Why a message is refused whose id an earlier, different message of the same sender already has. */
export const reusedIdWhy = (m: Pick<Message, 'event' | 'poNumber'>): string =>
  `a different ${m.event} for ${m.poNumber} was already received under the same ${ID_NAME[m.event]}: a repeat must say the same; a new message needs a new ${ID_NAME[m.event]}`;
