// Which purchase orders a reply names. A confirmation that names the buyer's order numbers, none of
// them this one, confirms another order: its date and its kind are not this order's.

/** A buyer's order number after the words that introduce one, or in the service's own form ("PO-BOLT-7"): "your PO 4471", "Ihre Bestellung Nr. 2025-0912", "OC 3318". */
const PO_REFERENCE = /(?<![A-Za-z0-9][-/.])\b(?:(?:your|ihre[rnms]?|votre|vos|su|sus|vuestr[oa]|customer|cust\.?|kunden-?)\s+)?(?:purchase\s+order|p\.\s?o\.|po|order|bestellung|bestell-?nr\.?|commande|bon de commande|pedido|orden de compra|oc|o\.c\.)\s*(?:no\.?|nr\.?|n°|n\.º|#|number|nummer|número|num\.?)?\s*[:#-]?\s*(?!\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\d{4}-\d{1,2}-\d{1,2}\b)((?=[A-Z0-9_./-]*\d)[A-Z0-9][A-Z0-9_./-]{2,}[A-Z0-9])/gi;

/** The numbers a reply may know this order by: its PO number, and the consolidated PO it was placed on. */
export interface OrderNumbers { poNumber?: string | undefined; groupPoNumber?: string | undefined }

/** Letters and digits only, upper case: "po-26-0012" and "PO 26 0012" are one number. */
const key = (ref: string): string => ref.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The buyer's order numbers the sentences name. */
export function namedOrders(sentences: string[]): string[] {
  return sentences.flatMap((s) => [...s.matchAll(PO_REFERENCE)].map((m) => m[1]!));
}

/**
 * Whether the sentences name orders of the buyer's and this one is not among them. A number that
 * holds this one's, or is held in it ("PO-SKU-1-1" and "SKU-1-1"), is this one; so is the consolidated
 * PO the order was placed on (`groupPoNumber`), which names every line of it.
 */
export function namesOnlyOtherOrders(sentences: string[], order: OrderNumbers): boolean {
  if (order.poNumber === undefined) return false;
  const ours = oursOf(order);
  const named = namedOrders(sentences).map(key).filter((k) => k.length >= 3);
  if (named.length === 0) return false;
  const isOurs = (k: string) => ours.some((o) => k.includes(o) || o.includes(k));
  return !named.some(isOurs) && !sentences.some((s) => ours.some((o) => key(s).includes(o)));
}

/** Words that make an order number the supplier's own ("our order 8812", "unser Auftrag 610442", "notre commande"). */
const SUPPLIERS_OWN = /\b(?:our|unser\w*|notre|nos|nuestr[oa]s?|nostr[oa]|onze|nossa|nosso|nasz\w*|vår|vårt|naš\w*|vores|sales|ab|so)[\s-]*(?:\w+\s+)?$|\b(?:confirmation|acknowledge?ment|\w*bestätigung|accusé de réception|confirmaci[óo]n|conferma|bevestiging|potwierdzenie|proforma|invoice|facture|rechnung|factura)\s+(?:de\s+(?:la\s+)?|of\s+(?:the\s+)?|del?\s+|d'|dell'|zur?\s+)?$/i;

/** "Your order 88231407 has shipped": a web shop's or sales order number as often as a buyer's PO; only a PO's word counts. */
const WEB_ORDER = /^(?:(?:your|customer|cust\.?)\s+)?order\b/i;

/** This order's numbers as keys: its own PO number and the consolidated PO it was placed on. */
const oursOf = (order: OrderNumbers): string[] =>
  [order.poNumber, order.groupPoNumber].filter((n): n is string => n !== undefined).map(key);

/** Whether a sentence names a purchase order of the buyer's and this one is not among them; undefined when it names none. */
function namesOtherOrder(s: string, ours: string[]): boolean | undefined {
  if (ours.some((o) => key(s).includes(o))) return false;
  const others = [...s.matchAll(PO_REFERENCE)]
    .filter((m) => !SUPPLIERS_OWN.test(s.slice(Math.max(0, m.index - 40), m.index)) && !WEB_ORDER.test(m[0]))
    .map((m) => key(m[1]!)).filter((k) => k.length >= 3);
  if (others.length === 0) return undefined;
  return !others.some((k) => ours.some((o) => k.includes(o) || o.includes(k)));
}

/**
 * The sentences about this order, when a reply gives news of several of the buyer's orders ("PO-BOLT-7 ships 14 Dec.
 * PO-NUT-3 we cannot supply."): a sentence that names another order, and those after it up to one that names this order
 * again, are that order's news, not this one's. Sentences before any order is named stay. Without this order's number,
 * or when the reply names no other order, the sentences come back as they were (the same array).
 */
export function aboutThisOrder(sentences: string[], order: OrderNumbers): string[] {
  if (order.poNumber === undefined) return sentences;
  const ours = oursOf(order);
  let another = false;
  // "PO-BOLT-7 ships 14 Dec. PO-NUT-3 we cannot supply." is one sentence to the splitter ("Dec." abbreviates): a sentence
  // that names several orders is cut before each.
  const pieces = sentences.flatMap((s) => {
    const at = [...s.matchAll(PO_REFERENCE)].map((m) => m.index).filter((i) => i > 0);
    if (at.length === 0 || namedOrders([s]).length < 2) return [s];
    return [0, ...at].map((from, i, all) => s.slice(from, all[i + 1]).trim()).filter(Boolean);
  });
  if (pieces.every((p) => namesOtherOrder(p, ours) !== true)) return sentences;
  return pieces.filter((s) => {
    const other = namesOtherOrder(s, ours);
    if (other !== undefined) another = other;
    return !another;
  });
}
