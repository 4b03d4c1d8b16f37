// A bare assent ("Yes that's grand", "ok, noted") above the buyer's quoted mail: what it agrees to is only in the quoted
// mail, so it confirms the order only when that mail asks for nothing but the order as placed.

import type { ReplyContext } from '../../domain/world.js';
import { amountsIn, parseNumber } from './amounts.js';
import { dateSense, datesIn, MONTH } from './dates.js';
import { WEEKDAY } from './days.js';
import { samePrice } from './prices.js';
import { ownSentences, statements } from './statements.js';

const A = String.raw`['’]`;
const PHRASE = String.raw`(?:yes|yep|yeah|yup|sure|ok(?:ay)?|fine|grand|perfect|great|agreed|all good|sounds good|looks good|no problem|no worries|that${A}?s (?:fine|grand|ok(?:ay)?|good|great|perfect|correct)|that is (?:fine|grand|ok(?:ay)?|good|great|perfect|correct)|(?:that|this) works(?: for (?:us|me))?|works for (?:us|me)|fine (?:by|with|for) (?:us|me)|(?:all |duly )?noted|correct)`;
/** A sentence of nothing but assent: "Yes that's grand, no problem.", "Yes, that works.", "ok, noted", "fine by us". */
const ASSENT = new RegExp(String.raw`^${PHRASE}(?:[\s,.!-]+${PHRASE})*[\s.!]*$`, 'i');
const THANKS = /^(?:many )?(?:thanks|thank you|thx|cheers|ta)(?: (?:a lot|very much|so much))?[\s,.!]*$/i;
const MOBILE = /^sent from my [\p{L}\s-]{1,30}$/iu;
const NOT_A_NAME = /^(?:no|nope|not|sorry|unfortunately|but|however|except|wait|hold|nein|non|nee)$/i;

/**
 * The writer's name under the assent: capitalised words the quoted mail itself names ("Hi Niamh," … "Niamh"). A word the
 * quoted mail does not name may be anything, so it is not taken for a name.
 */
const signsOff = (s: string, quoted: string): boolean => {
  const words = s.replace(/^[-–—\s]+|[,.\s]+$/g, '').split(/\s+/);
  return words.length <= 3 && words.every((w) => /^\p{Lu}[\p{L}'’-]*$/u.test(w) && !NOT_A_NAME.test(w)
    && new RegExp(`(?<![\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(quoted));
};

/** A request to confirm or acknowledge the order. */
const ASKS_TO_CONFIRM = /\b(?:confirm\w*|acknowledg\w*|ack)\b/i;
/**
 * Anything the quoted mail could ask beyond the order as placed: another term, day, quantity, cost or an item in its place;
 * or something a "yes" answers that is not the order going on (received it, in stock, cancelled, whether or not).
 */
const ASKS_MORE = /\b(?:instead|earlier|sooner|asap|urgent\w*|rush|expedit\w*|discount\w*|reduc\w*|cheaper|lower|higher|better|split|partial\w*|part[- ]ship\w*|change\w*|amend\w*|revis\w*|increas\w*|decreas\w*|additional|extra|more|fewer|less|substitut\w*|alternativ\w*|equivalent|freight|shipping cost|carriage|surcharge|deposit|prepay\w*|payment|terms|quot\w*|offer\w*|if not|or not|whether|otherwise|or (?:else|could|can|would|should)|cancel\w*|hold|delay\w*|late|short\w*|back-?order\w*|stock|availab\w*|receiv\w*|receipt|got)\b/i;
/** A day named without its date ("Friday", "next week", "end of May"): which day it is, the quoted mail's own date says. */
const LOOSE_DAY = new RegExp(`(?<![\\p{L}])(?:${MONTH}|${WEEKDAY}|today|tomorrow|tonight|weeks?|months?|next|end of|early|mid|late)(?![\\p{L}])`, 'iu');
/** Units a count is written in straight after its digits ("120pcs", "40kg"); other letters make a measure or a code ("80gsm"). */
const COUNT_UNIT = /^(?:pcs?|pces?|pieces?|units?|ea|x|kgs?|lbs?|t|m|l|ltrs?|rolls?|boxe?s|cartons?|ctns?|pallets?|reams?|sets?|pairs?|prs|cases?|bags?|packs?|stk|szt)(?![\p{L}])/iu;

const blank = (s: string, from: number, to: number): string => s.slice(0, from) + ' '.repeat(to - from) + s.slice(to);

/**
 * Whether the quoted mail asks for nothing but the order as placed: it asks to confirm it, names no money but the PO's
 * unit price (or its total), no count but the PO's quantity, no day but one on or before the day placed for, and asks
 * nothing else about the terms.
 */
export function asksOnlyTheOrderAsPlaced(quoted: string[], context: ReplyContext): boolean {
  const text = quoted.join('\n');
  const sentences = ownSentences(text);
  if (!sentences.length || statements(text).length !== sentences.length) return false;
  if (!ASKS_TO_CONFIRM.test(text) || ASKS_MORE.test(text) || !context.requestedDate || context.quantity === undefined) return false;
  let rest = text;
  for (const d of datesIn(text, dateSense(sentences, context))) {
    // A day named by its weekday or as "tomorrow" counts from the quoted mail's own date: a person reads it.
    if (d.relative || !/\d/.test(text.slice(d.index, d.end)) || d.iso === undefined || d.iso.slice(0, 10) > context.requestedDate.slice(0, 10)) return false;
    rest = blank(rest, d.index, d.end);
  }
  if (LOOSE_DAY.test(rest)) return false;
  const orderMoney = [context.unitPrice, context.unitPrice * context.quantity];
  for (const a of amountsIn(rest)) {
    if (a.currency === undefined && !a.cents) continue;
    if (!orderMoney.some((v) => samePrice(a.value, v))) return false;
    rest = blank(rest, a.index, a.end);
  }
  for (const no of [context.poNumber, context.groupPoNumber]) if (no) rest = rest.split(no).join(' '.repeat(no.length));
  // Digits after letters and a hyphen ("GK-44") are a part's name; after other digits and a hyphen ("40-50"), a count.
  for (const m of rest.matchAll(/(?<![\p{L}\d/.,#])(?<!\p{L}-)\d[\d.,']*(?<![.,])/gu)) {
    const after = rest.slice(m.index + m[0].length);
    // Letters glued to the digits that are no unit of count make a measure or a code ("80gsm"); so do letters before.
    if (/^\p{L}/u.test(after) && !COUNT_UNIT.test(after)) continue;
    const n = parseNumber(m[0]);
    if (n !== context.quantity && !samePrice(n, context.unitPrice)) return false;
  }
  return true;
}

/**
 * Whether the supplier's own sentences are nothing but assent (with thanks, its name and a mobile footer) above a quoted
 * mail that asks for nothing but the order as placed: then the assent confirms the order, with no day of its own.
 */
export function assentsToTheOrderAsPlaced(said: string[], quoted: string[], context: ReplyContext): boolean {
  const quotedText = quoted.join('\n');
  if (!said.some((s) => ASSENT.test(s))) return false;
  if (!said.every((s) => ASSENT.test(s) || THANKS.test(s) || MOBILE.test(s) || signsOff(s, quotedText))) return false;
  return asksOnlyTheOrderAsPlaced(quoted, context);
}
