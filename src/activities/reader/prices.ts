import { amountsIn, type Amount } from './amounts.js';

// Which amounts are unit prices: the words right before or after an amount say what it is the
// price of. A total, freight or a fee is not a unit price, whatever its size.

/** Words right after an amount that make it a price per unit. */
const PER_UNIT_AFTER = /^\s*(?:\/\s*(?:unit|pc|pcs|piece|ea|each|item|stk|stück|st|u|ud|unité|pièce|pza|pieza)\b|per\s+(?:unit|piece|pc|item|each|one)\b|each\b|ea\b|a piece\b|apiece\b|(?:pro|je|das)\s+(?:stück|einheit|stk)\b|par\s+(?:unité|pièce)\b|(?:à|a)?\s*l'unité\b|la pièce\b|(?:por|la)\s+(?:unidad|pieza)\b|c\/u\b|cada\s+un[oa]\b|netto\s+pro\b)/i;
/** Words before an amount that make it a unit price (within the same clause). */
const PRICE_BEFORE = /(?:\bunit\s+(?:price|cost)|\bprice\s+per\s+(?:unit|piece|pc)|\bcost\s+per\s+(?:unit|piece|pc)|\bper[- ]unit\s+(?:price|cost)|\bprices?|\bcosts?|\bpriced|\bcharge[sd]?|stückpreis|einzelpreis|\bpreis(?:e|en)?|\bkostet|\bprix(?:\s+unitaire)?|\bprecio(?:s)?(?:\s+unitario)?|\bcoste?o?\s+unitario|\bcuesta|co[uû]te)\b[^;!?]{0,40}$|(?:\bat|@)\s*$/i;
/** Words that make an amount a total, a charge on top, or something else than the price of a unit. */
const NOT_UNIT_NEAR = /\b(?:total|totals|sum|subtotal|order value|value of|invoice|grand|amount|net amount|balance|gesamt\w*|summe|betrag|rechnungs\w*|montant|facture|importe|valor|freight|shipping|carriage|delivery charge|surcharge|fee|fees|deposit|minimum order|fracht|versand\w*|zuschlag|gebühr|frais|port|envío|envio|portes|recargo|whole order|entire order|for all|in total|insgesamt|au total|en total|credit|discount|rabatt|remise|descuento|save|saving)\b/i;

export interface UnitPrice extends Amount {
  /** Stated as the new one: after "to", "now", "new", "from now on". */
  isNew: boolean;
}

const NEW_PRICE_CUE = /\b(?:to|now|new|neue[rn]?|nouveau|nouvelle|nuevo|auf)\b[^.\d]{0,30}$/i;

/** The unit prices stated in the sentences, in order. */
export function unitPrices(sentences: string[]): UnitPrice[] {
  const prices: UnitPrice[] = [];
  for (const s of sentences) {
    let clauseStart = 0;
    for (const a of amountsIn(s)) {
      const before = s.slice(clauseStart, a.index);
      const after = s.slice(a.end, a.end + 30);
      clauseStart = a.end;
      if (NOT_UNIT_NEAR.test(before.slice(-40)) || NOT_UNIT_NEAR.test(after.split(/[,;]/)[0]!)) continue;
      if (!PER_UNIT_AFTER.test(after) && !PRICE_BEFORE.test(before)) continue;
      prices.push({ ...a, isNew: NEW_PRICE_CUE.test(before) });
    }
  }
  return prices;
}

/** Equal to the cent fraction anyone writes a unit price in. */
export const samePrice = (a: number, b: number): boolean => Math.abs(a - b) < 0.00005;

/**
 * The unit price the text states instead of the PO's: undefined when it states none or only the
 * PO's own; null when it states several different ones and none is marked as the new one.
 */
export function statedNewPrice(prices: UnitPrice[], poPrice: number): number | null | undefined {
  const differing = prices.filter((p) => !samePrice(p.value, poPrice));
  if (differing.length === 0) return undefined;
  const marked = differing.filter((p) => p.isNew);
  const values = [...new Set((marked.length ? marked : differing).map((p) => p.value))];
  return values.length === 1 ? values[0]! : null;
}
