import type { ReplyFields } from '../../domain/types.js';
import { parseNumber } from './amounts.js';
import { unitFamily } from './units.js';

// The quantity a partial delivery states: what comes now, not what was ordered or what follows.

/** A count in tonnes ("3 t", "2,5 MT", "1.2 tonnes") or in kilometres ("1 km"): no count of a unit by itself. */
const TONNES_COUNT = /(?<![\w.,/-])(\d+(?:[.,]\d{1,2})?)\s*(?:t|tonnes?|tons?|mt|metric\s+tons?|toneladas?|tonnellat[ae])(?![\p{L}\d])/giu;
const KM_COUNT = /(?<![\w.,/-])(\d+(?:[.,]\d{1,2})?)\s*km(?![\p{L}\d])/giu;
const thousandfold = (unit: string) => (_: string, n: string) => `${Math.round(Number(n.replace(',', '.')) * 1000)} ${unit}`;
/**
 * The sentences with counts in a bigger measure of the PO's unit written in that unit, as a clerk reads them beside a PO
 * of 5,000 kg: "3 t today, the remaining 2 t next week" is 3,000 kg and 2,000 kg; "1 km" of a cable ordered in metres is
 * 1,000 m. "MT" beside metres is a metre (a Turkish "mt"), so only an order in kilos reads tonnes.
 */
export function inOrderedUnit(sentences: string[], unit: string | undefined): string[] {
  const family = unit === undefined ? 'count' : unitFamily(unit);
  if (family === 'weight') return sentences.map((s) => s.replace(TONNES_COUNT, thousandfold('kg')));
  if (family === 'length') return sentences.map((s) => s.replace(KM_COUNT, thousandfold('m')));
  return sentences;
}

/** A count standing on its own, not the tail of an order number (PC-26-1015) or a decimal. */
const COUNT = '(?<![\\w./-])(\\d{1,3}(?:[,.]\\d{3})+|\\d+)';
const UNITS = '(?:units|pcs|pc|pieces|items|stück|stk|einheiten|pièces|unités|unidades|piezas|uds|pzas|pzs|pz|pezzi|unità|stuks|eenheden|szt|nos|peças|kg|kgs|m|mts|metros|meters|metres|mètres|meter|lbs|ft|darab(?:ot|ból|bol|ra)?|db)';
/** Packs a count may be given in: "18 cases", "15 Kartons à 50 Stück", "30 cases of 12". */
const PACKS = '(?:cases|case|boxes|box|cartons|carton|cartoni|cartone|scatola|confezioni|confezione|pacchi|pacco|bancali|bancale|kartons|karton|colis|colli|collo|boîtes|boîte|cajas|caja|caixas|caixa|packs|pack|packages|ve|gebinde|scatole|dozen|drums|drum|reels|reel|rolls|roll|bags|bag|sacks|sack|tambores|tambor|fûts|fût|bidons|bidon|rollen|rolle|bobinas|bobina|bobines|bobine|spools|spool|pallets|pallet|paletten|palette|palés|palé|ibcs|ibc)';
/** The ordered units or packs after a count: the pack word and what a pack holds are captured. */
const OF_UNITS = `(?:${UNITS}\\b|(${PACKS})\\b(?:\\s+(?:of|à|a|de|x|mit|con|van|da)\\s+(\\d+)(?:\\s*${UNITS})?)?)`;
const PARTIAL_QUANTITY: RegExp[] = [
  new RegExp(`\\b(?:only|just|nur|seulement|solo|sólo|solamente)\\s+(?:have\\s+|got\\s+|had\\s+|haben\\s+)?${COUNT}\\s*${OF_UNITS}?`, 'i'),
  new RegExp(`\\b(?:partial|part)\\s+(?:shipment|delivery|order|quantity|dispatch)\\s+of\\s+${COUNT}\\b`, 'i'),
  new RegExp(`\\b(?:teillieferung|teilmenge|livraison partielle|expédition partielle|entrega parcial|envío parcial)\\s+(?:von|de|of)\\s+${COUNT}\\b`, 'i'),
  new RegExp(`\\b${COUNT}\\s+(?:of|von|sur|de)\\s+(?:the\\s+|your\\s+|den\\s+|les\\s+|las\\s+|los\\s+)?\\d[\\d,.]*\\s*${UNITS}`, 'i'),
  new RegExp(`\\b${COUNT}\\s*${OF_UNITS}[^.]{0,40}\\b(?:now|today|this week|immediately|right away|sofort|heute|diese woche|maintenant|aujourd'hui|cette semaine|ahora|hoy|esta semana|de suite|tout de suite|vorab)\\b`, 'i'),
  new RegExp(`\\b(?:now|today|this week|immediately|sofort|heute|maintenant|aujourd'hui|ahora|hoy|nu|ora|oggi|subito|vandaag|vorab)\\b[^.\\d]{0,30}${COUNT}\\s*${OF_UNITS}`, 'i'),
  // "We can do 600 now and the rest next week": a bare count the supplier sends now, the rest named beside it.
  new RegExp(`\\b(?:do|ship|send|deliver|supply|get you|send you)\\s+${COUNT}\\s+(?:now|today|right away|immediately|this week)\\b(?=[^.]{0,40}\\b(?:the rest|the balance|the remainder|remaining)\\b)`, 'i'),
  // "we have 320 kg in stock which we'll deliver Wednesday", "60 pcs on hand that we can ship today": the stock the supplier
  // sends is the lot that comes.
  new RegExp(`\\b${COUNT}\\s*${OF_UNITS}\\s+(?:in stock|on stock|on hand|available|ready)\\b[^.]{0,20}?\\b(?:which|that|and)\\s+(?:we(?:'ll|’ll| will| can| shall)?|will|can)\\s+(?:be\\s+)?(?:deliver|ship|send|dispatch|despatch|get out|send out)\\w*`, 'i'),
  // "500 pcs on 12 June, 500 pcs on 26 June": the first lot of a split.
  new RegExp(`\\b${COUNT}\\s*${OF_UNITS}\\s+(?:on|le|am|el|il|op)\\s+(?:the\\s+)?(?:\\d|[a-zäöüéèàñ]+\\.?,?\\s+(?:the\\s+)?\\d)`, 'i'),
  // "300 units will be delivered on …, and the balance will follow": the first lot of a split.
  new RegExp(`\\b${COUNT}\\s*${OF_UNITS}\\s+(?:will|shall|can|are to)\\s+(?:be\\s+)?(?:shipped|delivered|dispatched|sent|go out)\\b`, 'i'),
];

/** "8 of the 12", "30 von 50", "240 sur 400", "60 de 100", "600 unidades das 1.000", "180m of the 250m", "40 av 60 st": the part of the ordered quantity that comes now. */
const PART_OF = new RegExp(`(?<![\\w./-])(\\d{1,3}(?:[,. \\u00a0\\u202f]\\d{3})+|\\d+)\\s*${UNITS}?\\s+(?:of|von|sur|de|di|dei|degli|delle|su|van|das|dos|z|av)\\s+(?:the\\s+|your\\s+|den\\s+|les\\s+|las\\s+|los\\s+|i\\s+|de\\s+)?(\\d{1,3}(?:[,. \\u00a0\\u202f]\\d{3})+|\\d+)\\s*(?:(${PACKS})|${UNITS})?\\b`, 'giu');

/** The count of a part of the whole ordered quantity, when the text states one. */
/** "1.000 adetin 400 adedini": the part of the whole in Turkish, the whole written first in the genitive. */
const PART_OF_TURKISH = /(?<![\w./-])(\d{1,3}(?:[,. ]\d{3})+|\d+)\s*(?:adetin|adedin|parçan[ıi]n|parçadan|adetten)\s+(\d{1,3}(?:[,. ]\d{3})+|\d+)(?:['’]\p{L}+|\s*(?:aded\p{L}*|adet\p{L}*|parça\p{L}*))/giu;

export function partOfOrdered(sentences: string[], ordered: number | undefined, packSize?: number): number | undefined {
  if (ordered === undefined) return partOfAWhole(sentences);
  for (const s of sentences) {
    // Turkish names the whole first: "1.000 adetin 400 adedi(ni)", "500 parçanın 200'ü".
    for (const m of s.matchAll(PART_OF_TURKISH)) {
      const [whole, part] = [count(m[1]!), count(m[2]!)];
      if (whole === ordered && part > 0 && part < whole) return part;
    }
    for (const m of s.matchAll(PART_OF)) {
      const [part, whole] = [count(m[1]!), count(m[2]!)];
      // "2 de los 5 tambores": packs of the PO's pack size.
      const perPack: number = m[3] !== undefined && packSize !== undefined && whole * packSize === ordered ? packSize : 1;
      if (whole * perPack === ordered && part > 0 && part < whole) return part * perPack;
    }
  }
  return undefined;
}

/**
 * Without the PO's quantity beside the mail, "180 of the 250" still names the part that comes against the whole the
 * supplier says was ordered: the first count, when no pack or measure stands after the whole and the mail names one
 * such pair only.
 */
function partOfAWhole(sentences: string[]): number | undefined {
  const pairs = sentences.flatMap((s) => [...s.matchAll(PART_OF)])
    .filter((m) => m[3] === undefined && !/^\s*(?:mm|cm|m|kg|g|l|ml|in|ft|%)\b/i.test(m.input!.slice(m.index + m[0].length)))
    .map((m) => [count(m[1]!), count(m[2]!)] as const).filter(([part, whole]) => part > 0 && part < whole);
  return pairs.length === 1 ? pairs[0]![0] : undefined;
}

/** A count as written in prose, thousands grouped by a comma, a dot or a space: "1 800", "1.500", "4,000". */
const WRITTEN = '(?<![\\w./-])(\\d{1,3}(?:[,. \\u00a0\\u202f]\\d{3})+|\\d+)(?![\\d,.]\\d)';
/** What is still to come: "the remaining 20 cases", "die restlichen 750 Stück", "le reliquat de 1 800 pièces", "las 500 restantes", "zbývajících 20 ks". */
const REMAINDER: RegExp[] = [
  new RegExp(`\\b(?:remaining|other|outstanding|balance of|rest of|remainder of|restlichen|übrigen|fehlenden|restanti|rimanenti|resterende|overige|pozostał[eay]|a maradék|a fennmaradó|zbývající(?:ch|m)?|zbylých|zbylé|zbytek)\\s+(?:the\\s+)?${WRITTEN}\\s*${OF_UNITS}?`, 'i'),
  new RegExp(`\\b(?:balance|remainder|rest|restmenge|rückstand|reliquat|solde|reste|resto|saldo|restant|pendiente)\\s+(?:of\\s+|von\\s+|de\\s+|di\\s+|van\\s+|:\\s*|\\(\\s*)?(?:the\\s+)?${WRITTEN}\\s*${OF_UNITS}?`, 'i'),
  new RegExp(`${WRITTEN}\\s*${OF_UNITS}?\\s+(?:restant(?:e|es|s)?|restantes|remaining|outstanding|to follow|on back-?order|back-?ordered)\\b`, 'i'),
  // "les 4 autres boîtes", "gli altri 3 colli", "die anderen 200 Stück": the other ones, counted, are the rest.
  // Only with the goods' unit or pack after them: "the 2 other orders" are not goods still to come.
  new RegExp(`\\b(?:les|the|gli|le|die|de)\\s+${WRITTEN}\\s+(?:autres|other|altri|altre|anderen|übrigen|andere)\\s*${OF_UNITS}`, 'i'),
  new RegExp(`\\b(?:gli|le|die|de)\\s+(?:altri|altre|anderen|andere)\\s+${WRITTEN}\\s*${OF_UNITS}`, 'i'),
];

/** The ordered quantity less what the text says is still to come, when it says so. */
export function lessTheRemainder(sentences: string[], context: { quantity?: number; packSize?: number; unit?: string }): number | undefined {
  sentences = inOrderedUnit(sentences, context.unit);
  const found = context.quantity === undefined ? undefined : firstMatch(REMAINDER, sentences);
  const rest = found && restOf(found, sentences, context);
  if (rest === undefined) return undefined;
  const now = context.quantity! - rest;
  return now > 0 && now < context.quantity! ? now : undefined;
}

/** A count written with no unit or pack after it: "the other 4 to follow". */
const bareCount = (s: string, m: RegExpExecArray): boolean => {
  const at = s.indexOf(m[1]!, m.index) + m[1]!.length;
  return !new RegExp(`^\\s*(?:${UNITS}|${PACKS})\\b`, 'i').test(s.slice(at)) && packNear(s, m) === undefined;
};
/** A count of packs: "6 cartons", "40 cajas de 25". */
const PACK_COUNT = new RegExp(`${COUNT}\\s*(?:[\\wäöüßéèàçñ-]+\\s+)?${PACKS}\\b`, 'i');

/**
 * The units still to come. A bare count of the rest ("the other 4 to follow") in a mail that counts the goods in packs
 * ("Only have 6 cartons on hand, sending those today") may be of units or of packs: it is of whichever leaves a lot the
 * mail states ("6 cartons", "o sea 1.000 uds"); when neither does, nobody can say what it counts and none is read.
 */
function restOf(found: { s: string; m: RegExpExecArray }, sentences: string[], context: { quantity?: number; packSize?: number }): number | undefined {
  const units = unitsOf(found.s, found.m, context.packSize);
  if (!bareCount(found.s, found.m) || !sentences.some((s) => PACK_COUNT.test(s))) return units;
  const stated = sentences.flatMap((s) => [...s.matchAll(GOODS_COUNT)].map((m) => unitsOf(s, m, context.packSize)));
  const packs = context.packSize === undefined ? undefined : count(found.m[1]!) * context.packSize;
  return [units, packs].find((rest) => rest !== undefined && stated.includes(context.quantity! - rest));
}

/**
 * "PO 66120 shipped today, 450 pcs. The other 150 are on backorder": a count of the goods that is the ordered quantity less
 * a count still to come is the lot sent now. Both counts must be written, so neither is guessed from the other.
 */
export function lotBeforeCountedRest(sentences: string[], context: { quantity?: number; packSize?: number; unit?: string }): number | undefined {
  sentences = inOrderedUnit(sentences, context.unit);
  const now = lessTheRemainder(sentences, context);
  if (now === undefined) return undefined;
  return sentences.some((s) => [...s.matchAll(GOODS_COUNT)].some((m) => unitsOf(s, m, context.packSize) === now)) ? now : undefined;
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

/** A share of the order as words or a percentage: "half of it", "60% of the quantity", "a third of your order", "só temos metade em stock". */
const SHARE_OF_ORDER = /\b(half|a third|one third|a quarter|one quarter|(\d{1,2})\s?%)\s+of\s+(?:it|them|the (?:order|quantity|qty|goods|items|po)|(?:your|this) (?:order|po))\b|\b(metade)(?=\s+(?:da encomenda|do pedido|em stock|em estoque)\b)/i;
const SHARES: Record<string, number> = { half: 1 / 2, metade: 1 / 2, 'a third': 1 / 3, 'one third': 1 / 3, 'a quarter': 1 / 4, 'one quarter': 1 / 4 };

/** The ordered units a share of the order comes to, only when it is a whole number of them (half of 600 is 300). */
export function shareOfOrdered(sentences: string[], ordered: number | undefined): number | undefined {
  if (ordered === undefined) return undefined;
  for (const s of sentences) {
    const m = SHARE_OF_ORDER.exec(s);
    if (!m) continue;
    const n = m[2] !== undefined ? (ordered * Number(m[2])) / 100 : ordered * SHARES[(m[1] ?? m[3])!.toLowerCase()]!;
    if (Number.isInteger(n) && n > 0 && n < ordered) return n;
  }
  return undefined;
}

/** What part of the order comes now; a count that is not less than what was ordered is no part of it. */
export function partialQuantity(sentences: string[], context: { quantity?: number; packSize?: number; unit?: string } = {}): number | undefined {
  sentences = inOrderedUnit(sentences, context.unit);
  const part = partOfOrdered(sentences, context.quantity, context.packSize) ?? lessTheRemainder(sentences, context) ?? firstOfLots(sentences, context)
    ?? shareOfOrdered(sentences, context.quantity);
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
export function firstOfLots(sentences: string[], context: { quantity?: number; packSize?: number; unit?: string }): number | undefined {
  sentences = inOrderedUnit(sentences, context.unit);
  if (context.quantity === undefined) return undefined;
  const lots: number[] = [];
  // "40 rollen …, de overige 20 rollen": packs of a size nobody gave, which between them make the ordered count, are the ordered units.
  const packLots: number[] = [];
  for (const s of sentences) {
    for (const m of s.matchAll(GOODS_COUNT)) {
      const n = unitsOf(s, m, context.packSize);
      if (n !== undefined && n > 0 && n < context.quantity) lots.push(n);
      if (n === undefined && context.packSize === undefined) packLots.push(count(m[1]!));
    }
  }
  return firstLotMaking(lots, context.quantity) ?? firstLotMaking(packLots, context.quantity);
}

/** The first of counts, in order, that add up to the whole: with one later count, or with all of them (three lots or more). */
function firstLotMaking(lots: number[], whole: number): number | undefined {
  for (let i = 0; i < lots.length; i++) {
    const later = lots.slice(i + 1);
    if (lots[i]! > 0 && (later.some((n) => lots[i]! + n === whole) || (later.length > 1 && lots[i]! + later.reduce((a, b) => a + b, 0) === whole))) return lots[i];
  }
  return undefined;
}


/** How goods are counted: pieces by default; lengths and weights only when the mail counts the order itself in them. */
const FAMILIES: Record<string, RegExp> = {
  pieces: /^(?:units?|pcs|pc|pieces?|items?|stück|stk|einheiten|pièces?|unités?|unidades|piezas|uds|pzas|pzs|pz|pezzi|unità|stuks|eenheden)$/i,
  length: /^(?:m|mts|metros|meters|metres|mètres|meter|metri)$/i,
  weight: /^(?:kg|kgs|kilos?|kilogram\w*)$/i,
};
/** Containers a count may be of: a pack of the PO's pack size, never a pallet or a parcel of unknown content. */
const OF_PACKS = '(?:ve|gebinde|cases?|boxes|box|cartons?|kartons?|colis|colli|collo|boîtes?|cajas?|caixas?|packs?|packages?|drums?|reels?|rolls?|rollen|rolle|bags?|sacks?|doos|dozen)';
/** A container or a measure right beside a count: "sac 25 kg", "25kg pail", "doos van 25 stuks", "50 mm x 50 m". */
const CONTAINER = '(?:ve|gebinde|cases?|boxes|box|cartons?|kartons?|colis|colli|collo|boîtes?|cajas?|caixas?|packs?|packages?|drums?|reels?|rolls?|rollen|rolle|bags?|sacks?|sacs?|sacos?|sacchi|seaux?|pails?|buckets?|eimer|cubos?|secchi\\w*|doos|dozen|pallets?|paletten?|bultos?|bundles?|bobin\\w*|spools?|tambor\\w*|fûts?|bidons?|vpe|opakowa\\w*|opak\\.|paczk\\w*|pudeł\\w*|förpackning\\w*|kartong\\w*|låd\\w*|balení|krabic\\w*|kutu\\w*|koli|paket\\w*|pakke\\w*|æsk\\w*|kasse\\w*|verpakking\\w*|emballage\\w*|embalage\\w*|pacote\\w*|confezion\\w*|scatol\\w*|cartone)';
/** A count as written, decimals of a table's column included ("3,850.000 KG", "600,00 kg"): a fraction left is a measure. */
const COUNT_OF = new RegExp(`(?<![\\w.,/-])(\\d{1,3}(?:[,. \\u00a0\\u202f]\\d{3})+(?:[.,]\\d+)?|\\d+(?:[.,]\\d+)?)\\s*(?:(${UNITS.slice(3, -1)})|(${OF_PACKS}))\\b`, 'gi');
/**
 * Words before a count that make it no count of this order: a pack's content ("à 25 Stück", "x 25 kg"), a
 * rate ("€ je 1.000 Stück"), a weight or an estimate ("gross 486 kg").
 */
const NOT_THE_ORDER_BEFORE = new RegExp(`(?:\\b${CONTAINER}\\s*(?:of|à|a|de|x|mit|con|van|da|zu|\\()?|\\b(?:per|pro|je|par|por|each|à|x|gross|net|weight|bruto|brut|gewicht\\w*|brutto\\w*|netto\\w*|poids|peso|lordo|approx\\.?|about|around|ca\\.?|circa|env\\.?|environ|aprox\\.?)|[/x×~]|(?:usd|eur|gbp|chf|[€$£])|\\d[.,]\\d{2})\\s*[:]?\\s*$`, 'i');
/** Words after a count that make it a pack's content or a measure of the item: "5,000 pcs each", "25kg pail", "500 m per drum". */
const NOT_THE_ORDER_AFTER = new RegExp(`^\\s*(?:each|per|pro|je|par|por|a piece|chacun\\w*|cada|jeweils|ciascun\\w*|elk|\\/|${CONTAINER}\\b)`, 'i');
/** A threshold, not this order's count: "minimum 500 pcs", "Mindestbestellmenge von 500 Stück", "from 5,000 pcs and above". */
const THRESHOLD_BEFORE = /\b(?:min(?:imum)?|moq|from|above|over|more than|at least|ab|über|mehr als|dès|à partir de|plus de|au moins|desde|a partir de|más de|oltre|vanaf|meer dan|mindest\w*|up to|bis zu|jusqu'à|hasta)\b[^\d.;]{0,20}$/i;
const THRESHOLD_AFTER = /^\s*(?:and (?:above|over|more|up)|or more|\+|und mehr|oder mehr|et plus|ou plus|o más|y más|e oltre|of meer|en meer)/i;
/**
 * "we've rounded your 40 up to 4 cases", "increased it up to 500 pcs": the count the supplier has put on the order, not a
 * limit ("up to 500 pcs").
 */
const CHANGED_UP_TO = /\b(?:round(?:ed|ing|s)?|bump(?:ed|ing|s)?|increas(?:ed|ing|es?)|rais(?:ed|ing|es?)|top(?:ped|ping|s)?|brought|made)\b[^.;\d]{0,30}(?:\d[\d.,]*\s+)?up to\s*$/i;
/** What the supplier holds, not what ships: "5,000 pcs in stock", "2.000 unidades en stock", "1.000 stuks op voorraad". */
const STOCK_AFTER = /^\s*(?:[\p{L}-]+\s+){0,2}(?:in stock|on stock|on hand|auf lager|am lager|vorrätig|lagernd|en stock|en existencia|op voorraad|in voorraad|a magazzino|in giacenza|disponibles? en stock)\b/iu;

/** A count in ordered units; `family` undefined for packs converted through the PO's pack size. */
const PACK_CONTENT_BEFORE = new RegExp(`\\d\\s*${PACKS}\\s*[(,]?\\s*(?:of|à|a|de|da|di|x|mit|zu|je|con|van|per|avec)\\s*$`, 'i');
interface StatedCount { n: number; family: string | undefined; threshold: boolean }

/** The counts of goods a sentence states: units with their family, or packs of the PO's pack size in ordered units. */
function countsIn(s: string, packSize: number | undefined): StatedCount[] {
  const counts: StatedCount[] = [];
  for (const m of s.matchAll(COUNT_OF)) {
    const end = m.index + m[0].length;
    const [before, after] = [s.slice(Math.max(0, m.index - 30), m.index), s.slice(end)];
    if (NOT_THE_ORDER_BEFORE.test(before) || NOT_THE_ORDER_AFTER.test(after) || STOCK_AFTER.test(after)) continue;
    // "5 cartoni (da 12 pezzi)", "6 scatole (da 50 pezzi)": what one pack holds, not a count of the goods.
    if (PACK_CONTENT_BEFORE.test(before)) continue;
    const threshold = (THRESHOLD_BEFORE.test(before) && !CHANGED_UP_TO.test(before)) || THRESHOLD_AFTER.test(after);
    if (m[3] !== undefined) {
      if (packSize !== undefined && /^\d+$/.test(m[1]!)) counts.push({ n: Number(m[1]) * packSize, family: undefined, threshold });
      continue;
    }
    // "2.000 Stk", "1 200 pièces": marks that only group thousands; otherwise the last mark is a decimal one.
    const n = /^\d{1,3}([,. \u00a0\u202f])\d{3}(?:\1\d{3})*$/.test(m[1]!) ? count(m[1]!) : parseNumber(m[1]!.replace(/[\s\u00a0\u202f]/g, ''));
    const family = Object.keys(FAMILIES).find((f) => FAMILIES[f]!.test(m[2]!));
    if (family !== undefined && Number.isInteger(n)) counts.push({ n, family, threshold });
  }
  return counts;
}

/**
 * A sentence stating a count of the goods that the reading does not account for: a confirmation of
 * the whole order that names fewer or more ("your complete order … 240 pcs" of 300), or a partial
 * delivery that names a second count for the same lot. The order must not go on for a count nobody
 * ordered; null when every count is the ordered quantity, the part that comes now, or the rest.
 * Lengths and weights count only when the mail gives the ordered quantity in them: otherwise they
 * are the item's measures or the parcel's weight.
 */
export function unaccountedCount(sentences: string[], context: { quantity?: number; packSize?: number; unit?: string }, shipped?: number): string | null {
  const ordered = context.quantity;
  if (ordered === undefined) return null;
  const inUnit = inOrderedUnit(sentences, context.unit);
  const stated = sentences.map((s, i) => ({ s, counts: countsIn(inUnit[i]!, context.packSize), inBiggerMeasure: inUnit[i] !== s }));
  const orderedIn = new Set(stated.flatMap(({ counts }) => counts.filter((c) => c.n === ordered).map((c) => c.family)));
  const ofTheOrder = (c: StatedCount) => c.family === undefined || (orderedIn.size > 0 ? orderedIn.has(c.family) : c.family === 'pieces');
  // "4 MT HDPE" beside a PO of 5,000 kg: tonnes are no item's own measure, so a count in them is of the goods ordered.
  const ofTheOrderIn = (c: StatedCount, inBiggerMeasure: boolean) => ofTheOrder(c) || (inBiggerMeasure && c.family !== 'pieces');
  const accounted = shipped === undefined ? [ordered] : [ordered, shipped, ordered - shipped];
  const unaccounted = stated
    // What is still to come of a split order may come in lots of its own.
    .filter(({ s }) => !(shipped !== undefined && THE_REST_WORDS.test(s)))
    .flatMap(({ s, counts, inBiggerMeasure }) => counts.filter((c) => !c.threshold && ofTheOrderIn(c, inBiggerMeasure) && !accounted.includes(c.n)).map((c) => ({ s, n: c.n })));
  // "400 pcs on the 10th, 300 on the 17th and the last 300 on the 24th": later lots that make up the order with the first.
  if (shipped !== undefined && shipped + unaccounted.reduce((sum, c) => sum + c.n, 0) === ordered) return null;
  return unaccounted[0]?.s ?? null;
}

/**
 * Whether a sentence speaks of orders larger than this one ("from 5,000 pcs and above the unit price is …"):
 * its prices are not this order's.
 */
export const forLargerOrders = (s: string, context: { quantity?: number; packSize?: number }): boolean =>
  context.quantity !== undefined && countsIn(s, context.packSize).some((c) => c.threshold && c.n > context.quantity!);

const THE_REST_WORDS = /\b(?:remaining|remainder|rest|balance|back-?order\w*|to follow|restlichen|restmenge|rückstand|übrigen|folgen|le solde|le reste|reliquat|suivr\w*|el resto|restantes|pendientes?|il saldo|rimanenti|overige|resterende|volgen)\b/i;

/**
 * A reading that lets the order go on as placed (anything but a partial, which carries its own lot) for another
 * quantity than the order's ("confirmed", 50 of a 69-unit PO, from a supplier's system) settles a quantity nobody
 * ordered: a person reads it. Applied after structured fields are merged, in both readers.
 */
export function withOrderedQuantity(read: ReplyFields, context: { quantity?: number }): ReplyFields {
  if (read.kind === 'partial' || read.kind === 'unclear' || read.kind === 'refused') return read;
  if (read.quantity === undefined || context.quantity === undefined || read.quantity === context.quantity) return read;
  return { kind: 'unclear' };
}
