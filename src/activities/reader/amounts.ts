import { datesIn } from './dates.js';

// Amounts of money as suppliers write them: 5.60, 5,60 €, $1,250.00, 1.250,00 EUR, USD 1,250,
// CHF 1'250.50. Which of them is a unit price depends on the words around it.

export interface Amount {
  value: number;
  /** ISO 4217 code when the amount carries a sign or code; undefined for a bare number. */
  currency: string | undefined;
  index: number;
  end: number;
  /** The digits as written ("3,450"). */
  digits?: string;
  /**
   * Written in hundredths ("52 cents", "79 cêntimos", "64p"): money whose currency the word leaves unnamed, but money
   * all the same, unlike a bare number.
   */
  cents?: true;
}

/** Signs and words by currency; longer signs first so that "US$" is not read as "$". */
const SIGNS: [string, string][] = [
  ['US$', 'USD'], ['CA$', 'CAD'], ['C$', 'CAD'], ['AU$', 'AUD'], ['A$', 'AUD'], ['NZ$', 'NZD'], ['HK$', 'HKD'], ['S$', 'SGD'],
  ['R$', 'BRL'], ['Rs.', 'INR'], ['$', 'USD'], ['€', 'EUR'], ['£', 'GBP'], ['¥', 'JPY'], ['₹', 'INR'], ['zł', 'PLN'], ['Fr.', 'CHF'],
  // "249 kr" is Swedish, Norwegian or Danish crowns: which, the deployment's currency says (`inOtherCurrency`).
  ['Kč', 'CZK'], ['kr.', 'SEK'], ['kr', 'SEK'], ['₺', 'TRY'], ['TL', 'TRY'], ['Ft', 'HUF'],
];
/** Crowns written "kr": any of the crowns. */
const CROWNS = ['SEK', 'NOK', 'DKK', 'ISK'];
const CODES = ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'CNY', 'RMB', 'CAD', 'AUD', 'NZD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'INR', 'MXN', 'BRL', 'HKD', 'SGD', 'TRY', 'ZAR'];
const WORDS: [RegExp, string][] = [[/^euros?$/i, 'EUR'], [/^dollars?$/i, 'USD'], [/^RMB$/, 'CNY']];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A sign that is a word ("kr", "Kč", "TL") stands apart from other letters: "12 krabic" is twelve boxes.
const WORD_SIGNS = ['Kč', 'kr.', 'kr', 'TL', 'Ft'];
const SIGN = SIGNS.map(([s]) => (WORD_SIGNS.includes(s) ? `(?<![a-zA-ZÀ-ž])${escape(s)}(?![a-zA-ZÀ-ž])` : escape(s))).join('|');
const CODE = `\\b(?:${CODES.join('|')})\\b`;
/** A code written onto the digits: "50EUR". */
const ATTACHED_CODE = `(?<=\\d)(?:${CODES.join('|')})\\b`;
const WORD = '\\b(?:euros?|dollars?)\\b';
/** Hundredths of the currency: "52 cents", "38 ct/Stk", "46¢", "45 céntimos". */
// German writes its nouns capitalised: "42 Cent", "38 Ct", "85 Rappen".
const CENTS = '(?:[Cc]ents?|[Cc]ts?|[Cc]entimes?|[Cc][éê]ntimos?|[Cc]entavos?|[Cc]entesimi|[Ee]urocents?|[Pp]ence|[Rr]appen)\\b\\.?|¢';
/** Pence written onto the digits: "64p each". Apart ("64 p") it may be a page or a piece. */
const PENCE = "(?<=\\d)p(?![\\w'’])";
/** Digits with thousands groups (1,250 / 1.250 / 1 250 / 1'250) and decimals (.60 / ,60). */
const NUMBER = "\\d{1,3}(?:[,.'\\u00a0\\u202f ]\\d{3})+(?:[.,]\\d{1,4})?|\\d+(?:[.,]\\d{1,4})?";
/** "Rs. 465/-": Indian mail closes a whole amount with "/-" (no paise), which belongs to the amount. */
const WHOLE = '(?:/-(?![\\d-]))?';
// A dollar or pound sign between two numbers ("12 $38.99") is the second one's: those signs stand before.
const AMOUNT = new RegExp(
  `(?:(${SIGN}|${CODE})\\s?)?(?<![\\w.,'/#+-])(${NUMBER})(?![\\w.,-]?\\d|\\s?%)(?:\\s?((?:${SIGN})(?<![$£])|(?:${SIGN})(?<=[$£])(?!\\s?\\d)|${CODE}|${ATTACHED_CODE}|${WORD}|${CENTS}|${PENCE}))?${WHOLE}`,
  'g',
);

function currencyOf(token: string | undefined): string | undefined {
  if (!token) return undefined;
  return SIGNS.find(([s]) => s === token)?.[1] ?? WORDS.find(([re]) => re.test(token))?.[1] ?? token.toUpperCase();
}

/** Currencies written with a bare "$" (the peso sign of Mexico, Colombia, Chile and Argentina too): a lone dollar sign in their country's mail is theirs, not the US dollar. */
const DOLLARS = ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN', 'COP', 'CLP', 'ARS'];

/** Whether an amount is in another currency than the deployment's: a bare "$" counts as any dollar. */
export function inOtherCurrency(a: Amount, currency: string, text: string): boolean {
  if (a.currency === undefined || a.currency === currency) return false;
  const written = text.slice(a.index, a.end);
  if (a.currency === 'SEK' && CROWNS.includes(currency) && /kr/i.test(written)) return false;
  return !(a.currency === 'USD' && DOLLARS.includes(currency) && /^\$|\$$/.test(written.trim()) && !/US\$|USD/i.test(written));
}

/** The value of written digits: the last of `.` and `,` is the decimal mark unless it groups three digits. */
export function parseNumber(raw: string, signAfter = false): number {
  const digits = raw.replace(/['\u00a0\u202f ]/g, '');
  const marks = digits.replace(/\d/g, '');
  if (marks.length === 0) return Number(digits);
  const last = marks.at(-1)!;
  const decimals = digits.length - digits.lastIndexOf(last) - 1;
  const grouping = marks.length > 1 && new Set(marks).size === 1
    // One mark before three digits groups thousands (1,250) unless the whole part is 0 (0,125);
    // a single dot does so only in the European style with the sign after (1.250 €).
    || (marks.length === 1 && decimals === 3 && !/^0[.,]/.test(digits) && (last === ',' || signAfter));
  const whole = grouping ? digits : digits.slice(0, digits.lastIndexOf(last));
  const fraction = grouping ? '' : digits.slice(digits.lastIndexOf(last) + 1);
  return Number(`${whole.replace(/[.,]/g, '')}.${fraction || '0'}`);
}

/** Units, counts and durations: a number followed by one of these is not money. */
const NOT_MONEY_AFTER = /^\s?(?:x\b|units?|pcs|pc\b|pieces?|items?|stück|stk|st\.|st\b|stuks\b|ks\b|kusů|kusy\b|adet\b|pezzi\b|pièces?|unités?|unidades|piezas|peças|szt\b|nos\b|uds?\b|days?|tage?n?|jours?|días|dias|weeks?|wochen?|semaines?|semanas?|months?|monate?n?|mois|meses|hours?|hrs?|kg|g\b|mm|cm|m\b|boxes|box\b|cases?\b|cartons?|pallets?|paletten?|rolls?|sets?|packs?|bags?|ve\b|kartons?|colis|cajas?|caixas?|bultos?|paquetes?|flacons?|cans?\b|drums?|fûts?|bidons?|rollen|stücke?|lots?\b|lieferungen|deliveries|shipments)/i;
/** Whole numbers after these ("OC 8812", "Bestellung 4471") are references or phones; an amount with cents is money wherever it stands. */
const REFERENCE_BEFORE = /(?:\b(?:tel|phone|fax|mob|mobile|ref|no|nr|n°|order|po|oc|pedido|bestellung|auftrag|commande|ordine|bestelling|invoice|rechnung|facture|factura|kw|cw|week|line|pos|item|art|sku)\.?:?\s*|\+\s?)$/i;

/** "Qty 48 each", "Menge: 200", "Cantidad 12": the count ordered or shipped, not money. */
const QUANTITY_BEFORE = /\b(?:qty|quantity|quantities|menge|anzahl|stückzahl|quantité|qté|cantidad|cant|quantità|qtà|aantal)\.?\s*:?\s*$/i;

/** "a box of 100", "carton de 24", "VE à 50": the count of a pack, not money. */
const PACK_COUNT_BEFORE = /\b(?:box|case|pack|packet|carton|bag|roll|ctn|karton|packung|ve|gebinde|colis|boîte|paquet|caja|caixa|paquete|scatola|confezione|doos|verpakking)e?s?\s+(?:of|à|a|de|von|mit|da|van|with|zu)\s+$/i;

/** "25 per box", "12 cans per case", "100 pcs/carton": what a pack holds, not money. */
const PACK_CONTENT_AFTER = /^\s*(?:[a-zäöüéèàç-]+\s+)?(?:per|a|an|\/|je|pro|par|por|each)\s*(?:box|case|pack|packet|carton|bag|roll|ctn|cs|karton|packung|ve|gebinde|colis|boîte|paquet|caja|caixa|paquete|scatola|confezione|doos|verpakking)\b/i;

/** The amounts of money in a sentence, dates and counts left out. */
/** The other side of a pallet's size after its first ("1200 x 800", "1200x800 mm"), not a count of anything. */
const EURO_PALLET_SIDE = /^\s*[x×]\s*\d{3,4}(?:\s*mm)?(?!\s*(?:pcs|pieces|stk|st\.|stück|units?|ea|pzs?|uds?|kg|m)\b)(?![\d.,])/i;

export function amountsIn(s: string): Amount[] {
  const dated = datesIn(s).reduce((t, d) => t.slice(0, d.index) + ' '.repeat(d.end - d.index) + t.slice(d.end), s);
  const found: Amount[] = [];
  for (const m of dated.matchAll(AMOUNT)) {
    const [whole, before, digits, after] = m;
    const numberAt = m.index + whole.indexOf(digits!, before ? before.length : 0);
    const end = m.index + whole.length;
    // "£12.50 pallet charge": a sign before makes it money whatever follows.
    if (!before && !after && NOT_MONEY_AFTER.test(dated.slice(numberAt + digits!.length))) continue;
    const integer = !/[.,]\d{1,2}$/.test(digits!);
    // "40W", "4000K", "M8x40": a whole number with a letter right after it is a measure or a part's name.
    if (!before && !after && integer && /^[a-zà-ÿ]/i.test(dated.slice(numberAt + digits!.length))) continue;
    if (!before && !after && integer && QUANTITY_BEFORE.test(dated.slice(Math.max(0, numberAt - 20), numberAt))) continue;
    // "qty 400 of 400 EA", "3 von 5": the whole a count is part of is a count too.
    if (!before && !after && integer && /\d\s+(?:of|von|sur|de|su|van)\s+$/i.test(dated.slice(Math.max(0, numberAt - 20), numberAt))) continue;
    if (!before && integer && REFERENCE_BEFORE.test(dated.slice(Math.max(0, numberAt - 20), numberAt))) continue;
    if (/^\d{1,2}:\d{2}/.test(dated.slice(numberAt))) continue;
    // "2 Paletten (EUR 1200 x 800)": a Euro pallet named by its sides in millimetres, not an amount in euros.
    if (before && /^eur\W*$/i.test(before.trim()) && /^\d{3,4}$/.test(digits!) && EURO_PALLET_SIDE.test(dated.slice(numberAt + digits!.length))) continue;
    // "la arandela plana 3/8", "1/2\" fitting": a bare whole number over another is a size, not money.
    if (!before && !after && integer && /^\/\d/.test(dated.slice(numberAt + digits!.length))) continue;
    // "plate 2500 x 1250", "50 × 30 mm": the second side of a measure is no money either.
    if (!before && !after && integer && /\d\s*[x×]\s*$/i.test(dated.slice(Math.max(0, numberAt - 8), numberAt))) continue;
    if (!before && !after && integer && PACK_COUNT_BEFORE.test(dated.slice(Math.max(0, numberAt - 30), numberAt))) continue;
    if (!before && !after && integer && PACK_CONTENT_AFTER.test(dated.slice(numberAt + digits!.length))) continue;
    // "£41.50 per 100": the count a price is for.
    if (!before && !after && integer && /(?:\b(?:per|pro|je|par|por|the|le|el|al)|\/)\s*$/i.test(dated.slice(Math.max(0, numberAt - 6), numberAt))) continue;
    if (after && (after === 'p' || new RegExp(`^(?:${CENTS})$`, 'i').test(after))) {
      if (!before) found.push({ value: Math.round(parseNumber(digits!, true) * 100) / 10_000, currency: undefined, index: m.index, end, cents: true });
      continue;
    }
    // "$462.75 CAD": a code after the digits says which dollar the sign meant.
    const code = after && new RegExp(`^(?:${CODES.join('|')})$`).test(after) ? after : undefined;
    found.push({ value: parseNumber(digits!, !!after && !before), currency: currencyOf(code ?? before ?? after), index: m.index, end, digits: digits! });
  }
  return found;
}
