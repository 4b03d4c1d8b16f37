// Which purchase orders a reply names. A confirmation that names the buyer's order numbers, none of
// them this one, confirms another order: its date and its kind are not this order's.

/** A buyer's order number after the words that introduce one: "your PO 4471", "Ihre Bestellung Nr. 2025-0912", "OC 3318". */
const PO_REFERENCE = /\b(?:(?:your|ihre[rnms]?|votre|vos|su|sus|vuestr[oa]|customer|cust\.?|kunden-?)\s+)?(?:purchase\s+order|p\.\s?o\.|po|order|bestellung|bestell-?nr\.?|commande|bon de commande|pedido|orden de compra|oc|o\.c\.)\s*(?:no\.?|nr\.?|n°|n\.º|#|number|nummer|número|num\.?)?\s*[:#]?\s*((?=[A-Z0-9_./-]*\d)[A-Z0-9][A-Z0-9_./-]{2,}[A-Z0-9])/gi;

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
export function namesOnlyOtherOrders(sentences: string[], order: { poNumber?: string | undefined; groupPoNumber?: string | undefined }): boolean {
  if (order.poNumber === undefined) return false;
  const ours = [order.poNumber, order.groupPoNumber].filter((n): n is string => n !== undefined).map(key);
  const named = namedOrders(sentences).map(key).filter((k) => k.length >= 3);
  if (named.length === 0) return false;
  const isOurs = (k: string) => ours.some((o) => k.includes(o) || o.includes(k));
  return !named.some(isOurs) && !sentences.some((s) => ours.some((o) => key(s).includes(o)));
}
