import { parseNumber } from './amounts.js';

// The quantity a partial delivery states: what comes now, not what was ordered or what follows.

/** A count standing on its own, not the tail of an order number (PC-26-1015) or a decimal. */
const COUNT = '(?<![\\w./-])(\\d{1,3}(?:[,.]\\d{3})+|\\d+)';
const UNITS = '(?:units|pcs|pc|pieces|items|stück|stk|einheiten|pièces|unités|unidades|piezas|uds|pzas|pzs|pz|pezzi|unità|stuks|eenheden|kg|kgs|m|mts|metros|meters|metres|mètres|meter|lbs|ft)';
/** Packs a count may be given in: "18 cases", "15 Kartons à 50 Stück", "30 cases of 12". */
const PACKS = '(?:cases|case|boxes|box|cartons|carton|kartons|karton|colis|cajas|caja|packs|pack|packages|ve|gebinde|scatole|dozen|drums|drum|reels|reel|rolls|roll|bags|bag|sacks|sack|tambores|tambor|fûts|fût|bidons|bidon|rollen|rolle|bobinas|bobina|bobines|bobine|spools|spool|pallets|pallet|paletten|palette|palés|palé|ibcs|ibc)';
/** The ordered units or packs after a count: the pack word and what a pack holds are captured. */
const OF_UNITS = `(?:${UNITS}|(${PACKS})\\b(?:\\s+(?:of|à|a|de|x|mit|con|van|da)\\s+(\\d+)(?:\\s*${UNITS})?)?)`;
const PARTIAL_QUANTITY: RegExp[] = [
  new RegExp(`\\b(?:only|just|nur|seulement|solo|sólo|solamente)\\s+(?:have\\s+|got\\s+|had\\s+|haben\\s+)?${COUNT}\\s*${OF_UNITS}?`, 'i'),
  new RegExp(`\\b(?:partial|part)\\s+(?:shipment|delivery|order|quantity|dispatch)\\s+of\\s+${COUNT}\\b`, 'i'),
  new RegExp(`\\b(?:teillieferung|teilmenge|livraison partielle|expédition partielle|entrega parcial|envío parcial)\\s+(?:von|de|of)\\s+${COUNT}\\b`, 'i'),
  new RegExp(`\\b${COUNT}\\s+(?:of|von|sur|de)\\s+(?:the\\s+|your\\s+|den\\s+|les\\s+|las\\s+|los\\s+)?\\d[\\d,.]*\\s*${UNITS}`, 'i'),
  new RegExp(`\\b${COUNT}\\s*${OF_UNITS}[^.]{0,40}\\b(?:now|today|this week|immediately|right away|sofort|heute|diese woche|maintenant|aujourd'hui|cette semaine|ahora|hoy|esta semana)\\b`, 'i'),
  new RegExp(`\\b(?:now|today|this week|immediately|sofort|heute|maintenant|aujourd'hui|ahora|hoy|nu|ora|oggi|subito|vandaag)\\b[^.\\d]{0,30}${COUNT}\\s*${OF_UNITS}`, 'i'),
  // "500 pcs on 12 June, 500 pcs on 26 June": the first lot of a split.
  new RegExp(`\\b${COUNT}\\s*${OF_UNITS}\\s+(?:on|le|am|el|il|op)\\s+(?:the\\s+)?(?:\\d|[a-zäöüéèàñ]+\\.?,?\\s+(?:the\\s+)?\\d)`, 'i'),
  // "300 units will be delivered on …, and the balance will follow": the first lot of a split.
  new RegExp(`\\b${COUNT}\\s*${OF_UNITS}\\s+(?:will|shall|can|are to)\\s+(?:be\\s+)?(?:shipped|delivered|dispatched|sent|go out)\\b`, 'i'),
];

/** "8 of the 12", "30 von 50", "240 sur 400", "60 de 100": the part of the ordered quantity that comes now. */
const PART_OF = new RegExp(`(?<![\\w./-])(\\d{1,3}(?:[,. \\u00a0\\u202f]\\d{3})+|\\d+)\\s*${UNITS}?\\s+(?:of|von|sur|de|di|dei|degli|delle|su|van)\\s+(?:the\\s+|your\\s+|den\\s+|les\\s+|las\\s+|los\\s+|i\\s+|de\\s+)?(\\d{1,3}(?:[,. \\u00a0\\u202f]\\d{3})+|\\d+)\\s*(${PACKS})?\\b`, 'giu');

/** The count of a part of the whole ordered quantity, when the text states one. */
export function partOfOrdered(sentences: string[], ordered: number | undefined, packSize?: number): number | undefined {
  if (ordered === undefined) return undefined;
  for (const s of sentences) {
    for (const m of s.matchAll(PART_OF)) {
      const [part, whole] = [count(m[1]!), count(m[2]!)];
      // "2 de los 5 tambores": packs of the PO's pack size.
      const perPack: number = m[3] !== undefined && packSize !== undefined && whole * packSize === ordered ? packSize : 1;
      if (whole * perPack === ordered && part > 0 && part < whole) return part * perPack;
    }
  }
  return undefined;
}

/** A count as written in prose, thousands grouped by a comma, a dot or a space: "1 800", "1.500", "4,000". */
const WRITTEN = '(?<![\\w./-])(\\d{1,3}(?:[,. \\u00a0\\u202f]\\d{3})+|\\d+)(?![\\d,.]\\d)';
/** What is still to come: "the remaining 20 cases", "die restlichen 750 Stück", "le reliquat de 1 800 pièces", "las 500 restantes". */
const REMAINDER: RegExp[] = [
  new RegExp(`\\b(?:remaining|other|outstanding|balance of|rest of|remainder of|restlichen|übrigen|fehlenden|restanti|rimanenti|resterende|overige)\\s+(?:the\\s+)?${WRITTEN}\\s*${OF_UNITS}?`, 'i'),
  new RegExp(`\\b(?:balance|remainder|rest|restmenge|rückstand|reliquat|solde|reste|resto|saldo|restant|pendiente)\\s+(?:of\\s+|von\\s+|de\\s+|di\\s+|van\\s+|:\\s*|\\(\\s*)?(?:the\\s+)?${WRITTEN}\\s*${OF_UNITS}?`, 'i'),
  new RegExp(`${WRITTEN}\\s*${OF_UNITS}?\\s+(?:restant(?:e|es|s)?|restantes|remaining|outstanding|to follow|on back-?order|back-?ordered)\\b`, 'i'),
];

/** The ordered quantity less what the text says is still to come, when it says so. */
export function lessTheRemainder(sentences: string[], context: { quantity?: number; packSize?: number }): number | undefined {
  const found = context.quantity === undefined ? undefined : firstMatch(REMAINDER, sentences);
  const rest = found && unitsOf(found.s, found.m, context.packSize);
  if (rest === undefined) return undefined;
  const now = context.quantity! - rest;
  return now > 0 && now < context.quantity! ? now : undefined;
}

/** The first of the patterns, in order, that some sentence matches, with that sentence. */
function firstMatch(patterns: RegExp[], sentences: string[]): { s: string; m: RegExpExecArray } | undefined {
  for (const re of patterns) {
    for (const s of sentences) {
      const m = re.exec(s);
      if (m) return { s, m };
    }
  }
  return undefined;
}

/**
 * The ordered units a matched count stands for: a count of packs is units only through what a
 * pack holds, as written ("cases of 12") or as the PO's pack; undefined when neither says.
 */
function unitsOf(s: string, m: RegExpExecArray, packSize: number | undefined): number | undefined {
  const pack = m[2] ?? packNear(s, m);
  const perPack = pack === undefined ? 1 : m[3] !== undefined ? Number(m[3]) : packSize;
  return perPack === undefined ? undefined : count(m[1]!) * perPack;
}

/**
 * The pack a count is of when the pattern did not name one: a pack word within the next two words
 * ("3 full reels", "12 Kartons"). A product's own name after a count ("600 washers") is units.
 */
function packNear(s: string, m: RegExpExecArray): string | undefined {
  const at = s.indexOf(m[1]!, m.index);
  return new RegExp(`^\\s*(?:[\\wäöüßéèàçñ-]+\\s+)?(${PACKS})\\b`, 'i').exec(s.slice(at + m[1]!.length))?.[1];
}

const count = (raw: string): number => parseNumber(raw.replace(/[,. \u00a0\u202f]/g, ''));

/** What part of the order comes now; a count that is not less than what was ordered is no part of it. */
export function partialQuantity(sentences: string[], context: { quantity?: number; packSize?: number } = {}): number | undefined {
  const part = partOfOrdered(sentences, context.quantity, context.packSize) ?? lessTheRemainder(sentences, context) ?? firstOfLots(sentences, context);
  if (part !== undefined) return part;
  const found = firstMatch(PARTIAL_QUANTITY, sentences);
  const n = found && unitsOf(found.s, found.m, context.packSize);
  return n !== undefined && n > 0 && (context.quantity === undefined || n < context.quantity) ? n : undefined;
}

/** Counts of the ordered goods as written: "3000 piezas", "18 cases of 12", "3000 y 2000 piezas" (both). */
const GOODS_COUNT = new RegExp(`${COUNT}(?:\\s*${OF_UNITS}|(?=\\s+(?:and|&|und|et|y|e|en)\\s+\\d[\\d,.]*\\s*${UNITS}))`, 'gi');

/**
 * Two lots that make up the ordered quantity between them ("3,000 pcs on the 10th and 2,000 pcs on
 * the 14th"): the order comes in parts, the first of them now. Undefined when no two counts do.
 */
export function firstOfLots(sentences: string[], context: { quantity?: number; packSize?: number }): number | undefined {
  if (context.quantity === undefined) return undefined;
  const lots: number[] = [];
  for (const s of sentences) {
    for (const m of s.matchAll(GOODS_COUNT)) {
      const n = unitsOf(s, m, context.packSize);
      if (n !== undefined && n > 0 && n < context.quantity) lots.push(n);
    }
  }
  for (let i = 0; i < lots.length; i++) {
    if (lots.slice(i + 1).some((later) => lots[i]! + later === context.quantity)) return lots[i];
  }
  return undefined;
}

