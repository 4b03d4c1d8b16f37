import { describe, expect, it } from 'vitest';
import { checkReport, statementsOf } from '../../src/activities/reader/evidence.js';
import { patternReader, visibleText } from '../../src/activities/reply-reader.js';
import type { ReplyFields } from '../../src/domain/types.js';

/** Replies to a PO at 4.20 a unit, in a deployment that counts in euros. */
const CONTEXT = { unitPrice: 4.2, currency: 'EUR' };
const CONFIRM = 'We confirm your order PO-SKU-1-1, delivery on 2026-03-12.';

/** A model's faithful reading of a confirmation: the kind and date, each from the confirming sentence. */
const modelSays = (text: string, fields: ReplyFields) =>
  checkReport({ ...fields, evidence: { kind: CONFIRM, deliveryDate: CONFIRM } } as never, statementsOf(visibleText(text)), CONTEXT);

/**
 * A reading under which the order goes on must not let a cost through that the PO does not state:
 * a percentage on top, a fee, or a price per pack that says nothing of the ordered unit's. Such a
 * reply is unclear, so the supplier or the manager is asked; with either reader.
 */
describe('a reply that adds a cost the PO does not state', () => {
  it.each([
    ['a percentage surcharge', `${CONFIRM} A fuel surcharge of 2.5% will be added to the invoice.`],
    ['a percentage surcharge, in German', 'Wir bestätigen Ihre Bestellung PO-SKU-1-1, Lieferung am 12.03.2026. Zusätzlich berechnen wir einen Energiezuschlag von 3 % auf den Warenwert.'],
    ['a freight charge', `${CONFIRM} Freight of 85.00 EUR will be charged separately.`],
    ['a small-order fee, in French', 'Nous confirmons votre commande PO-SKU-1-1, livraison le 12/03/2026. Des frais de petite commande de 20,00 € seront facturés en sus.'],
    ['a handling fee, in Spanish', 'Confirmamos su pedido PO-SKU-1-1 con entrega el 12/03/2026. Se cobrarán gastos de manipulación de 15,00 € adicionales.'],
    ['a price per case', `${CONFIRM} The price is 50.40 EUR per case.`],
    ['a pallet charge whose sign stands before the amount', `${CONFIRM} There will be a €12.50 pallet charge on the invoice, credited if the pallet comes back.`],
  ])('%s is unclear, not a confirmation', async (_what, text) => {
    expect(await patternReader.read(text, {}, CONTEXT)).toEqual({ kind: 'unclear' });
    expect(modelSays(text, { kind: 'confirmed', deliveryDate: '2026-03-12' } as never)).toEqual({ kind: 'unclear' });
  });

  it.each([
    ['VAT on the invoice', `${CONFIRM} VAT at 20% applies as usual.`],
    ['free shipping', `${CONFIRM} Shipping is free of charge on this order.`],
    ['an early-payment discount', `${CONFIRM} 2% discount for payment within 10 days.`],
    ['the PO\'s own price per unit', `${CONFIRM} Unit price 4.20 EUR as ordered.`],
    ['a portal\'s line with the quantity, measures and the PO\'s price', `${CONFIRM} Line 1 LED panel 600x600 40W 4000K Qty 48 each Unit price 4.20 EUR`],
  ])('%s is no added cost: the confirmation stands', async (_what, text) => {
    expect(await patternReader.read(text, {}, CONTEXT)).toEqual({ kind: 'confirmed', deliveryDate: '2026-03-12T00:00:00.000Z' });
    expect(modelSays(text, { kind: 'confirmed', deliveryDate: '2026-03-12' } as never)).toEqual({ kind: 'confirmed', deliveryDate: '2026-03-12T00:00:00.000Z' });
  });

  it('a new unit price that comes with a fee is unclear too: the new terms are more than the price', async () => {
    const text = 'Our unit price for PO-SKU-1-1 is now 4.60 EUR per unit, and a tooling charge of 250.00 EUR will be added.';
    expect(await patternReader.read(text, {}, CONTEXT)).toEqual({ kind: 'unclear' });
  });
});

/** A price change goes on at a new price; without one stated, nobody knows what the order costs. */
describe('a price change that names no unit price', () => {
  it.each([
    ['a percentage rise on open orders', 'We have to apply a 7% price increase on all open orders from 1 July 2026.'],
    ['a rise announced beside a delivery day', 'Thanks for PO-SKU-1-1, we can deliver on 12 March. Please note our 5% price increase takes effect on 1 March.'],
    ['a rise with no figure', 'Please note a price increase on this line.'],
  ])('%s is unclear, with either reader', async (_what, text) => {
    expect(await patternReader.read(text, {}, { ...CONTEXT, receivedAt: '2026-02-20T09:00:00Z' })).toEqual({ kind: 'unclear' });
    const said = statementsOf(visibleText(text));
    const sentence = said.said.find((s) => /increase/.test(s))!;
    expect(checkReport({ kind: 'price_change', evidence: { kind: sentence } } as never, said, CONTEXT)).toEqual({ kind: 'unclear' });
  });

  it('a new unit price stated is still a price change', async () => {
    expect(await patternReader.read('The unit price for PO-SKU-1-1 is now 4.60 EUR.', {}, CONTEXT)).toEqual({ kind: 'price_change', unitPrice: 4.6 });
  });
});
