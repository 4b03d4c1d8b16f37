import { describe, expect, it } from 'vitest';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { ReplyContext } from '../../src/domain/world.js';

// A reading under which the order goes on must account for what the supplier's own sentences state:
// every percentage charged on the order and every count of the goods. Mail written here, not taken
// from the labelled corpora.

const PO: ReplyContext = { unitPrice: 4.8, currency: 'EUR', quantity: 400, requestedDate: '2026-03-20', receivedAt: '2026-03-09T08:00:00Z' };
const read = (text: string, context: Partial<ReplyContext> = {}) => patternReader.read(text, {}, { ...PO, ...context });
const day = (d: string) => `${d}T00:00:00.000Z`;

describe('a percentage charged on the order, whatever the charge is called', () => {
  it('a percentage added to the invoice or applied to the order is for a person', async () => {
    expect(await read('Order confirmed for 18 March. A climate levy of 1.5% will be added to the invoice.')).toEqual({ kind: 'unclear' });
    expect(await read('Commande confirmée pour le 18 mars. Une participation transport de 2 % est appliquée.')).toEqual({ kind: 'unclear' });
    expect(await read('Wir bestätigen Ihre Bestellung, Lieferung am 18.03.2026. Wir berechnen 3 % Logistikbeitrag.')).toEqual({ kind: 'unclear' });
    expect(await read('Bestelling bevestigd, levering op 18 maart. Wij rekenen 2,5% milieubijdrage over het factuurbedrag.')).toEqual({ kind: 'unclear' });
  });

  it('a tolerance, a tax or a later price list is no charge on this order', async () => {
    expect(await read('Order confirmed for 18 March; weights invoiced as delivered, +/- 2% per coil.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
    expect(await read('Order confirmed for 18 March. Our list prices rise by 3% from 1 June 2026.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
  });
});

describe('every count of the goods a going-on reading leaves standing', () => {
  it('a confirmation of the whole order that names another count is for a person', async () => {
    expect(await read('The full order ships on 17 March: 360 pcs on one pallet.')).toEqual({ kind: 'unclear' });
    expect(await read('Gesamte Bestellung bestätigt, 380 Stück, Versand am 17.03.2026.')).toEqual({ kind: 'unclear' });
  });

  it('the ordered count, a pack of the PO\'s pack size, a weight or a rate leaves it standing', async () => {
    expect(await read('Confirmed: 400 pcs, shipping 17 March, gross weight 212 kg.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-17') });
    expect(await read('Confirmed: 16 cartons of 25 pcs, shipping 17 March.', { packSize: 25 })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-17') });
    expect(await read('Bestätigt, 2.000 Stück à 4,80 €, Preis je 1.000 Stück 4.800,00 €, Versand am 17.03.2026.', { quantity: 2000 }))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-17') });
  });

  it('a partial delivery that names two counts for its first lot is for a person', async () => {
    expect(await read('We can send 250 pcs on 16 March. The delivery note shows 220 pcs for this lot; the rest follows in April.')).toEqual({ kind: 'unclear' });
    expect(await read('We can send 250 pcs on 16 March; the remaining 150 pcs follow in April.'))
      .toEqual({ kind: 'partial', quantity: 250, deliveryDate: day('2026-03-16') });
  });
});

describe('days that cannot all hold', () => {
  it('a bare day after a dated one is of that month, and two arrival days are for a person', async () => {
    expect(await read('Su pedido sale el 12 de marzo y le llega el 14.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-14') });
    expect(await read('Su pedido sale el 12 de marzo y le llega el 14. La fecha de entrega confirmada es el 19 de marzo.')).toEqual({ kind: 'unclear' });
    expect(await read('Ihre Bestellung wird am 16.03. bei Ihnen angeliefert. Liefertermin laut System: 18.03.2026.')).toEqual({ kind: 'unclear' });
  });

  it('goods that leave after the day they are to arrive are for a person', async () => {
    expect(await read('Commande confirmée, livraison prévue le 16 mars. Expédition prévue le 18 mars.')).toEqual({ kind: 'unclear' });
    expect(await read('Order confirmed, ships 13 March and arrives with you on 16 March.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-16') });
  });
});

describe('another item in place of the ordered one', () => {
  it('an order going on for a substitute or an equivalent is for a person', async () => {
    expect(await read('Your order went out today; we sent the Bosch equivalent since the Makita model is sold out.')).toEqual({ kind: 'unclear' });
    expect(await read('Le modèle commandé est épuisé ; nous pouvons livrer un article équivalent le 17 mars.')).toEqual({ kind: 'unclear' });
  });

  it('a reply that says there is no replacement still confirms', async () => {
    expect(await read('Order confirmed for 18 March, the exact part number you ordered, no substitutes.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
  });
});

describe('a price for orders after this one', () => {
  it('a price named for the next or future orders is not this order\'s', async () => {
    expect(await read('Order confirmed at the current price, delivery 18 March. For future orders the unit price will be €5.10.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
    expect(await read('Bestellung bestätigt, Lieferung am 18.03.2026. Ab Ihrer nächsten Bestellung beträgt der Stückpreis 5,10 €.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
  });
});

describe('lots counted in packs of a size nobody gave', () => {
  it('two lots that make the ordered count between them are a delivery in parts', async () => {
    expect(await read('We deliver 250 reels on 16 March, the other 150 reels follow in April.'))
      .toEqual({ kind: 'partial', quantity: 250, deliveryDate: day('2026-03-16') });
  });
});

describe('counts in a document\'s table', () => {
  it('another line of an acknowledgement table leaves the order\'s line standing', async () => {
    const ack = [
      'ORDER ACKNOWLEDGEMENT',
      '',
      'Pos  Item       Qty   Unit  Price   Ship date',
      '10   BR-22-ZN   400   pcs   4.80    17.03.2026',
      '20   BR-24-ZN   150   pcs   5.10    17.03.2026',
    ].join('\n');
    expect(await read(ack)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-17') });
  });

  it('the whole of the order in a percentage is no charge', async () => {
    expect(await read('100% of the order ships on 17 March, freight prepaid by us.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-17') });
  });
});

describe('plain replies the order can act on', () => {
  it('carriage offered free above a threshold the order passes is no cost', async () => {
    expect(await read('Commande confirmée, expédition le 17/03/2026. Votre commande dépassant 1 000 € HT, le transport vous est offert.', { quantity: 400 }))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-17') });
  });

  it('a price in capitalised German cents is a price', async () => {
    expect(await read('Leider müssen wir den Stückpreis für diese Bestellung auf 495 Cent statt 480 Cent anpassen. Lieferung am 18.03.2026.'))
      .toEqual({ kind: 'price_change', unitPrice: 4.95, deliveryDate: day('2026-03-18') });
  });

  it('a notice of labelled fields alone, with the order\'s own money, confirms', async () => {
    const notice = ['Item: hinge HG-40', 'Qty: 400 pcs', 'Price: EUR 4,800.00 per 1000 pcs', 'Expected delivery: 18.03.2026'].join('\n');
    expect(await read(notice)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
    expect(await read(notice.replace('4,800.00', '5,100.00'))).not.toMatchObject({ kind: 'confirmed' });
  });

  it('"the PO shipped" with a word between confirms, and "400 of 400 EA" is a count, not a price', async () => {
    expect(await read('PO-5521 shipped in full today, 400 pcs on one pallet.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-09') });
    expect(await read('Lines 1 of 1 shipped: 400 of 400 EA. Delivery 12 March.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-12') });
  });
});

describe('counts and percentages that are not the order\'s', () => {
  it('stock held, a minimum quantity and a tier for larger orders are not counts of this order', async () => {
    expect(await read('Confirmed: 400 pcs, delivery 18 March. We keep 12,000 pcs on hand for you.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
    expect(await read('Bestätigt, 400 Stück, Lieferung am 18.03.2026; die Mindestabnahme von 250 Stück ist erreicht.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
    expect(await read('Confirmed at €4.80 each, delivery 18 March. For 2,000 pcs or more we can offer €4.40.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
  });

  it('three lots that make up the order are a delivery in parts, the first now', async () => {
    expect(await read('We ship 200 pcs on 12 March, 100 pcs on 19 March and the final 100 pcs on 26 March.'))
      .toEqual({ kind: 'partial', quantity: 200, deliveryDate: day('2026-03-12') });
  });

  it('a percentage that measures the goods is no charge, even beside the invoice', async () => {
    expect(await read('Confirmed: 400 pcs of cotton rags (polyester under 5%), delivery 18 March, invoice with the goods.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
  });
});

describe('words of a delay or a confirmation in other orders of words', () => {
  it('"won\'t be ready until" is a delay; Dutch "wordt op … geleverd" confirms', async () => {
    expect(await read('Sorry, the brackets won\'t be ready until 27 March.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-03-27') });
    expect(await read('Uw bestelling wordt op 18 maart geleverd.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
  });
});

describe('a new price beside the PO\'s own price of a pack', () => {
  const packs = { unitPrice: 0.48, packSize: 20, quantity: 400 };
  it('the old price of a pack that converts to the PO\'s price is accounted for', async () => {
    expect(await read('For this order the carton price rises from €9.60 to €10.40 per carton of 20. Delivery 18 March.', packs))
      .toEqual({ kind: 'price_change', unitPrice: 0.52, deliveryDate: day('2026-03-18') });
  });

  it('Swiss Rappen are money and "Liefertermin 18.03." a day', async () => {
    expect(await read('Für diesen Auftrag müssen wir den Stückpreis auf 52 Rappen anheben (bisher 48 Rappen). Liefertermin 18.03. bleibt.', { unitPrice: 0.48, currency: 'CHF' }))
      .toEqual({ kind: 'price_change', unitPrice: 0.52, deliveryDate: day('2026-03-18') });
  });
});

describe('spare parts are no substitute', () => {
  it('an order of spare parts confirms', async () => {
    expect(await read('Your replacement parts order is confirmed, delivery 18 March.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
    expect(await read('Ihre Ersatzteilbestellung ist bestätigt, Lieferung am 18.03.2026.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-18') });
  });
});
