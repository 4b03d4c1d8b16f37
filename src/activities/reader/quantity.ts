import { parseNumber } from './amounts.js';

// The quantity a partial delivery states: what comes now, not what was ordered or what follows.

const COUNT = '(\\d{1,3}(?:[,.]\\d{3})+|\\d+)';
const UNITS = '(?:units|pcs|pc|pieces|items|stück|stk|einheiten|pièces|unités|unidades|piezas|uds|pezzi|unità|stuks|eenheden)';
const PARTIAL_QUANTITY: RegExp[] = [
  new RegExp(`\\b(?:only|just|nur|seulement|solo|sólo|solamente)\\s+${COUNT}\\s*${UNITS}?`, 'i'),
  new RegExp(`\\b(?:partial|part)\\s+(?:shipment|delivery|order|quantity|dispatch)\\s+of\\s+${COUNT}\\b`, 'i'),
  new RegExp(`\\b(?:teillieferung|teilmenge|livraison partielle|expédition partielle|entrega parcial|envío parcial)\\s+(?:von|de|of)\\s+${COUNT}\\b`, 'i'),
  new RegExp(`\\b${COUNT}\\s+(?:of|von|sur|de)\\s+(?:the\\s+|your\\s+|den\\s+|les\\s+|las\\s+|los\\s+)?\\d[\\d,.]*\\s*${UNITS}`, 'i'),
  new RegExp(`\\b${COUNT}\\s*${UNITS}\\b[^.]{0,40}\\b(?:now|today|this week|immediately|right away|sofort|heute|diese woche|maintenant|aujourd'hui|cette semaine|ahora|hoy|esta semana)\\b`, 'i'),
  new RegExp(`\\b(?:now|today|this week|immediately|sofort|heute|maintenant|aujourd'hui|ahora|hoy|nu|ora|oggi|subito|vandaag)\\b[^.\\d]{0,30}${COUNT}\\s*${UNITS}`, 'i'),
  // "300 units will be delivered on …, and the balance will follow": the first lot of a split.
  new RegExp(`\\b${COUNT}\\s*${UNITS}\\s+(?:will|shall|can|are to)\\s+(?:be\\s+)?(?:shipped|delivered|dispatched|sent|go out)\\b`, 'i'),
];

export function partialQuantity(sentences: string[]): number | undefined {
  for (const re of PARTIAL_QUANTITY) {
    for (const s of sentences) {
      const q = re.exec(s)?.[1];
      if (q !== undefined) return parseNumber(q.replace(/[,.]/g, ''));
    }
  }
  return undefined;
}
