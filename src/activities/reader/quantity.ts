import { parseNumber } from './amounts.js';

// The quantity a partial delivery states: what comes now, not what was ordered or what follows.

/** A count standing on its own, not the tail of an order number (PC-26-1015) or a decimal. */
const COUNT = '(?<![\\w./-])(\\d{1,3}(?:[,.]\\d{3})+|\\d+)';
const UNITS = '(?:units|pcs|pc|pieces|items|stück|stk|einheiten|pièces|unités|unidades|piezas|uds|pezzi|unità|stuks|eenheden)';
const PARTIAL_QUANTITY: RegExp[] = [
  new RegExp(`\\b(?:only|just|nur|seulement|solo|sólo|solamente)\\s+${COUNT}\\s*${UNITS}?`, 'i'),
  new RegExp(`\\b(?:partial|part)\\s+(?:shipment|delivery|order|quantity|dispatch)\\s+of\\s+${COUNT}\\b`, 'i'),
  new RegExp(`\\b(?:teillieferung|teilmenge|livraison partielle|expédition partielle|entrega parcial|envío parcial)\\s+(?:von|de|of)\\s+${COUNT}\\b`, 'i'),
  new RegExp(`\\b${COUNT}\\s+(?:of|von|sur|de)\\s+(?:the\\s+|your\\s+|den\\s+|les\\s+|las\\s+|los\\s+)?\\d[\\d,.]*\\s*${UNITS}`, 'i'),
  new RegExp(`\\b${COUNT}\\s*${UNITS}\\b[^.]{0,40}\\b(?:now|today|this week|immediately|right away|sofort|heute|diese woche|maintenant|aujourd'hui|cette semaine|ahora|hoy|esta semana)\\b`, 'i'),
  new RegExp(`\\b(?:now|today|this week|immediately|sofort|heute|maintenant|aujourd'hui|ahora|hoy|nu|ora|oggi|subito|vandaag)\\b[^.\\d]{0,30}${COUNT}\\s*${UNITS}`, 'i'),
  // "500 pcs on 12 June, 500 pcs on 26 June": the first lot of a split.
  new RegExp(`\\b${COUNT}\\s*${UNITS}\\s+(?:on|le|am|el|il|op)\\b`, 'i'),
  // "300 units will be delivered on …, and the balance will follow": the first lot of a split.
  new RegExp(`\\b${COUNT}\\s*${UNITS}\\s+(?:will|shall|can|are to)\\s+(?:be\\s+)?(?:shipped|delivered|dispatched|sent|go out)\\b`, 'i'),
];

/** "8 of the 12", "30 von 50", "240 sur 400", "60 de 100": the part of the ordered quantity that comes now. */
const PART_OF = new RegExp(`${COUNT}\\s*${UNITS}?\\s+(?:of|von|sur|de|di|van)\\s+(?:the\\s+|your\\s+|den\\s+|les\\s+|las\\s+|los\\s+|i\\s+|de\\s+)?(\\d{1,3}(?:[,. \\u00a0\\u202f]\\d{3})+|\\d+)\\b`, 'giu');

/** The count of a part of the whole ordered quantity, when the text states one. */
export function partOfOrdered(sentences: string[], ordered: number | undefined): number | undefined {
  if (ordered === undefined) return undefined;
  for (const s of sentences) {
    for (const m of s.matchAll(PART_OF)) {
      const [part, whole] = [count(m[1]!), count(m[2]!)];
      if (whole === ordered && part > 0 && part < ordered) return part;
    }
  }
  return undefined;
}

const count = (raw: string): number => parseNumber(raw.replace(/[,. \u00a0\u202f]/g, ''));

/** What part of the order comes now; a count that is not less than what was ordered is no part of it. */
export function partialQuantity(sentences: string[], context: { quantity?: number } = {}): number | undefined {
  const part = partOfOrdered(sentences, context.quantity);
  if (part !== undefined) return part;
  for (const re of PARTIAL_QUANTITY) {
    for (const s of sentences) {
      const q = re.exec(s)?.[1];
      if (q === undefined) continue;
      const n = count(q);
      return n > 0 && (context.quantity === undefined || n < context.quantity) ? n : undefined;
    }
  }
  return undefined;
}
