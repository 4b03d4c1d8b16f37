import { ReplyFields, type ReplyKind } from '../domain/types.js';
import type { ReplyReader } from '../domain/world.js';
import { visibleText } from '../domain/visible-text.js';

export { visibleText };


// ---------------------------------------------------------------------------------------------
// What the supplier states: text addressed to a machine is set aside before any field is read.

const ROLES = 'system|assistant|developer|human|admin(?:istrator)?|tool|ai';
/** Fake role markers: from one to the end of its paragraph, the text speaks to a machine. */
const ROLE: RegExp[] = [
  // At the start of a line: "SYSTEM:", "[system]", "### Assistant", "**Admin override:**".
  new RegExp(`^[\\s\\[(<*#|/]*(?:${ROLES})(?:[\\s_-]+(?:message|prompt|note|override|instructions?|update|notice|command|mode))?\\s*(?:[\\]:>|*]|$)`, 'i'),
  // Anywhere, in brackets or angle brackets: "[SYSTEM]", "<system>", "</tool>".
  new RegExp(`[\\[<]\\/?\\s*(?:${ROLES})(?:[\\s_-]+[a-z]+)?\\s*[\\]>]`, 'i'),
  // Anywhere, shouted: "SYSTEM OVERRIDE:", "ADMIN NOTE:".
  /\b(?:SYSTEM|ASSISTANT|DEVELOPER|ADMIN|ADMINISTRATOR)(?:[\s_-]+[A-Z]+)?\s*:/,
  /<\|[^|>\n]{1,30}\|>|\[\/?(?:INST|SYS)\]|<<\/?SYS>>|\b(?:BEGIN|END) (?:SYSTEM|ADMIN|INSTRUCTIONS?|PROMPT)\b/i,
];

function roleMarker(line: string): number | undefined {
  const at = ROLE.map((re) => re.exec(line)?.index).filter((i): i is number => i !== undefined);
  return at.length ? Math.min(...at) : undefined;
}

/** Sentences that tell the reader what to do, rather than say something about the order. */
const TO_THE_MACHINE: RegExp[] = [
  // Overriding the rules.
  /\b(?:ignore|disregard|forget|override|overrule|bypass|circumvent|suspend)\b[^.\n]{0,60}?\b(?:instructions?|rules?|polic(?:y|ies)|limits?|ceilings?|constraints?|guardrails?|prompts?|approvals?|checks?|safeguards?|guidelines?|previous|prior|earlier|above)\b/i,
  /\b(?:set|update|change|raise|increase|lift|adjust|extend)\s+(?:the\s+|your\s+|its\s+|this\s+)?(?:approved\s+|approval\s+|price\s+|purchase\s+|spending\s+)?(?:ceiling|limit|max(?:imum)?(?:\s+(?:unit\s+)?price)?|maxUnitPrice|approval|decision)\b/i,
  /\b(?:mark|treat|record|consider|flag|log)\b[^.\n]{0,30}\bas\s+(?:already\s+)?(?:approved|authori[sz]ed|pre-?approved|signed off)\b/i,
  // Speaking to an AI.
  /\byou are (?:now )?(?:an?|the|in)\b|\bas an? (?:ai|assistant|language model|llm)\b|\bnew (?:instructions?|directives?|rules?)\b/i,
  /\b(?:ai|llm|assistant|agent|bot|gpt|claude)s?\b[^.\n]{0,30}\b(?:must|should|shall|needs? to|has to|is (?:required|instructed|authori[sz]ed) to|will now)\b/i,
  /\b(?:instructions?|note|message|reminder) (?:for|to) (?:the |any )?(?:ai|assistant|agent|bot|llm|automated|system)\b/i,
  /\bdo not (?:tell|inform|notify|ask|alert|escalate|wait)\b|\bwithout (?:asking|telling|notifying|informing|waiting for)\b/i,
  /\b(?:decode|decoded|base64|encoded)\b[^.\n]{0,60}\b(?:follow|execute|run|obey|apply|act)\b|\b(?:follow|execute|run|obey|apply)\b[^.\n]{0,60}\b(?:decoded|base64|encoded|hidden)\b/i,
  // Calling tools.
  /\b(?:place_order|cancel_purchase_order|request_approval|wait_for_[a-z_]+|read_supplier_reply|draft_purchase_order|get_quotes|close_purchase_order|chase_supplier|check_before_order|find_order|escalate_to_manager)\b/i,
  /\b[a-z]+(?:_[a-z]+)+\s*\(|\b(?:tool|function)[ _-]?(?:calls?|use|results?|invocations?)\b/i,
  // Pretending to be the structured fields.
  /"[\w\s-]{1,40}"\s*:|\b(?:kind|unit_?price|delivery_?date|max_?unit_?price|approved_?by|approval|decision|quantity_?approved)\s*[:=]/i,
  // Sending the order, payment or replies somewhere else.
  /\b(?:send|forward|redirect|re-?route|route|place|switch|transfer|submit|wire|remit|pay|email|address)\b[^.\n]{0,30}\b(?:orders?|po|pos|purchase orders?|payments?|invoices?|funds|money|replies|correspondence)\b[^.\n]{0,40}\b(?:to|with|via|into|at)\b/i,
];

/**
 * The sentences that state something about the order. Set aside: quoted earlier messages,
 * fenced code, fake role markup to the end of its paragraph, and any sentence addressed to a
 * machine. What is set aside is not read for any field; what remains is read as plain statements.
 */
export function statements(visible: string): string[] {
  const kept: string[] = [];
  const unfenced = visible.replace(/```[\s\S]*?(?:```|$)/g, '\n\n');
  for (const paragraph of unfenced.split(/\n\s*\n/)) {
    for (const line of paragraph.split('\n')) {
      if (/^\s*>/.test(line)) continue;
      const role = roleMarker(line);
      const own = role === undefined ? line : line.slice(0, role);
      for (const sentence of own.split(/(?<=[.!?;])\s+/)) {
        if (sentence.trim() && !TO_THE_MACHINE.some((re) => re.test(sentence))) kept.push(sentence.trim());
      }
      if (role !== undefined) break;
    }
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------
// The fields.

const KIND_WORDS: [ReplyKind, RegExp][] = [
  ['refused', /\b(?:cannot|can't|can ?not|can no longer|could not|couldn't|no longer able to|unable to|not able to|won't be able to|will not be able to)\s+(?:fulfil|fulfill|supply|accept|deliver|ship|process|provide|honou?r)|\bdeclin(?:e|ed|es|ing)\b|\brefus(?:e|ed|es|ing|al)\b/i],
  ['partial', /\bpartial(?:ly)?\b|\b(?:only|just)\s+\d+\s*(?:units|pcs|pieces|items)\b|\b\d+\s+of\s+(?:the\s+|your\s+)?\d+\s*(?:units|pcs|pieces)\b/i],
  ['price_change', /\bprice (?:increase|change|rise|adjustment|update|reduction)s?\b|\bnew (?:unit )?price\b|\bnow costs?\b|\b(?:unit )?price (?:is now|now|will (?:now )?be|has (?:gone up|gone down|risen|increased|decreased|changed)|goes up|rises|increases|changes)\b|\b(?:raised|increased|adjusted|revised|reduced|lowered) (?:the|our|its|your|this) (?:unit )?prices?\b/i],
  ['delayed', /\bdelay(?:ed|s)?\b|\bpostpone|\blate\b|\bnew delivery date\b|\bback-?order(?:ed)?\b|\bpushed back\b|\brescheduled\b/i],
  ['confirmed', /\bconfirm|\bwill (?:ship|deliver)|\baccepted\b/i],
];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DATE = new RegExp([
  '\\b(\\d{4})-(\\d{2})-(\\d{2})\\b',
  `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(${MONTHS.join('|')})[a-z]*\\.?,?\\s+(\\d{4})\\b`,
  `\\b(${MONTHS.join('|')})[a-z]*\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`,
].join('|'), 'gi');
/**
 * An amount of money: not part of an identifier (PO-SKU-1-1), not a percentage, not a count of
 * units or days, not part of a longer number. MONEY carries a currency sign or decimals.
 */
const NUMBER = '(\\d{1,3}(?:,\\d{3})+(?:\\.\\d{1,4})?|\\d{1,6}(?:\\.\\d{1,4})?)(?!\\d|\\.\\d|,\\d{3}|\\s*(?:%|percent|units?\\b|pcs\\b|pieces\\b|items\\b|days?\\b|weeks?\\b|x\\b))';
const CURRENCY = '(?:[$€£]\\s?|\\b(?:usd|eur|gbp)\\s)';
const MONEY = new RegExp(`${CURRENCY}${NUMBER}|(?<![\\w.,/#-])(\\d{1,6}\\.\\d{1,4})(?!\\d|\\.\\d)`, 'i');
const BARE = new RegExp(`(?<![\\w.,/#$€£-])${NUMBER}`, 'i');
const TO_MONEY = new RegExp(`\\bto\\s*(?:${MONEY.source})`, 'i');

function firstAmount(s: string): number | undefined {
  const m = TO_MONEY.exec(s) ?? MONEY.exec(s) ?? BARE.exec(s);
  const found = m?.[1] ?? m?.[2];
  return found === undefined ? undefined : Number(found.replace(/,/g, ''));
}

/** The new unit price a price change states: the amount after the price words ("from X to Y" is Y). */
function newPrice(sentences: string[]): number | undefined {
  const anchor = KIND_WORDS.find(([k]) => k === 'price_change')![1];
  const undated = sentences.map((s) => s.replace(DATE, ' '));
  for (const s of undated) {
    const m = anchor.exec(s);
    if (!m) continue;
    const price = firstAmount(s.slice(m.index + m[0].length)) ?? firstAmount(s.slice(0, m.index));
    if (price) return price;
  }
  // A price change the supplier's system flagged without price words: the first price mentioned.
  for (const s of undated) {
    const m = /\b(?:price|cost)s?\b/i.exec(s);
    const price = m ? firstAmount(s.slice(m.index)) : undefined;
    if (price) return price;
  }
  return undefined;
}

/** Words before a date that make it the new one ("moved from X to Y", "new delivery date Y"). */
const NEW_DATE_CUE = /\b(?:new|revised|updated|now|until|till|to|postponed|moved|rescheduled|pushed back)\b[^\d\n]{0,30}$/i;

function isoDate(y: number, month: number, d: number): string | undefined {
  const at = new Date(Date.UTC(y, month - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === month - 1 && at.getUTCDate() === d ? at.toISOString() : undefined;
}

/** The delivery date: the first date stated as the new one, or else the first date. */
function deliveryDate(sentences: string[]): string | undefined {
  let first: string | undefined;
  for (const s of sentences) {
    for (const m of s.matchAll(DATE)) {
      const [, y1, m1, d1, d2, mon2, y2, mon3, d3, y3] = m;
      const date = y1 ? isoDate(Number(y1), Number(m1), Number(d1))
        : y2 ? isoDate(Number(y2), MONTHS.indexOf(mon2!.slice(0, 3).toLowerCase()) + 1, Number(d2))
          : isoDate(Number(y3), MONTHS.indexOf(mon3!.slice(0, 3).toLowerCase()) + 1, Number(d3));
      if (!date) continue;
      if (NEW_DATE_CUE.test(s.slice(0, m.index))) return date;
      first ??= date;
    }
  }
  return first;
}

const PARTIAL_QUANTITY = [
  /\b(?:only|just)\s+(\d+)\s*(?:units|pcs|pieces|items)\b/i,
  /\bpartial (?:shipment|delivery|order) of\s+(\d+)\b/i,
  /\b(\d+)\s+of\s+(?:the\s+|your\s+)?\d+\s*(?:units|pcs|pieces)\b/i,
];

function partialQuantity(sentences: string[]): number | undefined {
  for (const s of sentences) {
    for (const re of PARTIAL_QUANTITY) {
      const q = re.exec(s)?.[1];
      if (q !== undefined) return Number(q);
    }
  }
  return undefined;
}

/**
 * Reads supplier text into the fixed reply fields with plain patterns. Structured fields sent by
 * the supplier's system win over words in the text. The words are read as a person would see them
 * (no hidden HTML, no invisible characters, no lookalike letters, nothing decoded from base64),
 * and only sentences that state something about the order are read; nothing else of the text is kept.
 */
export const patternReader: ReplyReader = {
  async read(text, hints) {
    const said = statements(visibleText(text));
    const body = said.join('\n');
    const kind = hints.kind ?? KIND_WORDS.find(([, re]) => re.test(body))?.[0] ?? 'confirmed';
    const fields = {
      kind,
      deliveryDate: hints.deliveryDate ?? deliveryDate(said),
      unitPrice: hints.unitPrice ?? (kind === 'price_change' ? newPrice(said) : undefined),
      quantity: hints.quantity ?? (kind === 'partial' ? partialQuantity(said) : undefined),
    };
    return ReplyFields.parse(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
  },
};
