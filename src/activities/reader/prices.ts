import { amountsIn, type Amount } from './amounts.js';

// Which amounts are unit prices: the words right before or after an amount say what it is the
// price of. A total, freight or a fee is not a unit price, whatever its size.

/** Words right after an amount that make it a price per unit. */
const PER_UNIT_AFTER = /^\s*(?:\/\s*(?:unit|pc|pcs|piece|ea|each|item|stk|stück|st|u|ud|unité|pièce|pza|pieza)\b|per\s+(?:unit|piece|pc|item|each|one)\b|each\b|ea\b|a piece\b|apiece\b|(?:pro|je|das)\s+(?:stück|einheit|stk)\b|par\s+(?:unité|pièce)\b|(?:à|a)?\s*l'unité\b|la pièce\b|(?:por|la)\s+(?:unidad|pieza)\b|c\/u\b|cada\s+un[oa]\b|netto\s+pro\b|(?:per\s+)?l'unità\b|per\s+(?:unità|pezzo|stuk|eenheid)\b|al\s+pezzo\b)/i;
/** Words before an amount that name it the price of one unit, whatever else the clause says. */
const UNIT_PRICE_BEFORE = /(?:\bunit\s+(?:price|cost)|\bprice\s+per\s+(?:unit|piece|pc)|\bcost\s+per\s+(?:unit|piece|pc)|\bper[- ]unit\s+(?:price|cost)|stückpreis|einzelpreis|\bpreis\s+pro\s+stück|\bprix\s+unitaire|\bprecio\s+(?:unitario|por\s+unidad)|\bcoste?o?\s+unitario|\bprezzo\s+unitario|\bstuksprijs|\beenheidsprijs|\bprijs\s+per\s+stuk)\b[^;!?]{0,60}$/i;
/** Words before an amount that make it a price, unless the clause says it is a total or a charge. */
const PRICE_BEFORE = /(?:\bprices?|\bcosts?|\bpriced|\bcharge[sd]?|\bpreis(?:e|en)?|\bkostet|\bprix|\bprecios?|\bcuesta|co[uû]te)\b[^;!?]{0,40}$|(?:\bat|@)\s*$/i;
/** Words that make an amount a total, a charge on top, or something else than the price of a unit. */
const NOT_UNIT_NEAR = /\b(?:total|totals|sum|subtotal|order value|value of|invoice|grand|amount|net amount|balance|gesamt\w*|summe|betrag|rechnungs\w*|montant|facture|importe|valor|freight|shipping|carriage|delivery charge|surcharge|fee|fees|deposit|minimum order|fracht|versand\w*|zuschlag|gebühr|frais|port|envío|envio|portes|recargo|whole order|entire order|for all|in total|insgesamt|au total|en total|credit|discount|rabatt|remise|descuento|save|saving)\b/i;

export interface UnitPrice extends Amount {
  /** Stated as the new one: after "to", "now", "new", "from now on". */
  isNew: boolean;
}

const NEW_PRICE_CUE = /\b(?:to|now|new|neue[rn]?|nouveau|nouvelle|nuevo|auf|ora|nuovo|nu|nieuwe)\b[^.\d]{0,30}$/i;

/** The unit prices stated in the sentences, in order. */
export function unitPrices(sentences: string[]): UnitPrice[] {
  const prices: UnitPrice[] = [];
  for (const s of sentences) {
    let clauseStart = 0;
    for (const a of amountsIn(s)) {
      // Price words may stand before an earlier amount ("from $0.42 to $0.46"); totals count only in this clause.
      const window = s.slice(Math.max(0, a.index - 80), a.index);
      const clause = s.slice(clauseStart, a.index).slice(-40);
      const after = s.slice(a.end, a.end + 30);
      clauseStart = a.end;
      if (NOT_UNIT_NEAR.test(clause)) continue;
      const named = UNIT_PRICE_BEFORE.test(window) || PER_UNIT_AFTER.test(after);
      const priced = PRICE_BEFORE.test(window) && !NOT_UNIT_NEAR.test(after.split(/[,;]/)[0]!);
      if (named || priced) prices.push({ ...a, isNew: NEW_PRICE_CUE.test(clause) });
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
