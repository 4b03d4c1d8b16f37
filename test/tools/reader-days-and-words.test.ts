import { describe, expect, it } from 'vitest';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { ReplyContext } from '../../src/domain/world.js';

// Rules of the pattern reader written beside dev-additions-11.json, each with mail written here (not taken from the
// labelled corpora): which of a sentence's dates is the goods', days counted from another day, and everyday words of
// dispatch, refusal, delay, part deliveries and new prices.

// Monday 8 June 2026.
const PO: ReplyContext = { unitPrice: 12.4, currency: 'EUR', quantity: 300, requestedDate: '2026-06-19', receivedAt: '2026-06-08T09:30:00Z' };
const read = (text: string, context: Partial<ReplyContext> = {}) => patternReader.read(text, {}, { ...PO, ...context });
const day = (d: string) => `${d}T00:00:00.000Z`;

describe('dates in the same sentence that are not the goods\'', () => {
  const yearEnd = { receivedAt: '2026-12-17T09:00:00Z', requestedDate: '2027-01-09' };

  it('a closure\'s days, from its first to its last, are not the delivery\'s', async () => {
    expect(await read('Confirmed for delivery on 7 January, since we are closed from 23 December to 4 January.', yearEnd))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2027-01-07') });
    expect(await read('Pedido confirmado, entregamos el 8 de enero porque cerramos del 22 de diciembre al 6 de enero.', yearEnd))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2027-01-08') });
    expect(await read('Confirmed for delivery on 8 January, as we are closed for the New Year from 24 December to 4 January.', yearEnd))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2027-01-08') });
    // A closure named as the reason, before the words of delivery, leaves the delivery's day its own.
    expect(await read('Order confirmed: because of our Christmas closure, delivery will be on 7 January.', yearEnd))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2027-01-07') });
  });

  it('the day prices change, in a sentence about prices alone, is not the delivery\'s', async () => {
    expect(await read('Commande confirmée, livraison le 17 juin. Nos tarifs seront revus au 1er septembre, sans impact sur cette commande.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Bestellung bestätigt. Unser Lieferant hat seine Preise per 1. Juli angepasst. Der Liefertermin 16.06.2026 bleibt.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });

  it('the day a delay cannot make is not its new one', async () => {
    expect(await read('We won\'t be able to make the 17 June date; earliest we can do is 26 June.', { requestedDate: undefined }))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-06-26') });
  });
});

describe('days counted from another day than the mail\'s', () => {
  it('"next working day" and "the following day" count from the day the goods leave', async () => {
    expect(await read('Your order leaves us today by DPD, delivery the next working day.', { receivedAt: '2026-06-10T09:00:00Z' }))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
    expect(await read('Order confirmed. Ship date 2026-06-12, delivered the next working day.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-15') });
    expect(await read('Auftrag bestätigt, Versand am 15.06.2026, Zustellung am Folgetag.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
    // Not from a day the goods are not said to leave on.
    expect(await read('Order confirmed for 12 June. Orders placed before 2pm ship the next day.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
  });
});

describe('a weekday written with the time of day', () => {
  it('"Friday pm", "should land Wednesday morning" are that weekday', async () => {
    expect(await read('Confirmed. Friday pm.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
    expect(await read('PO 5521 - all good, should land Wednesday morning.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-10') });
  });
});

describe('words of the goods leaving', () => {
  it('"part demain", "sale el jueves", "geht heute raus", "shipping out tomorrow" confirm with their day', async () => {
    expect(await read('Bonjour, votre commande part demain.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
    expect(await read('Hola, su pedido sale el jueves.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
    expect(await read('Hallo, die Lieferung geht heute raus.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-08') });
    expect(await read('Your order is shipping out tomorrow.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
    // Not leaving is no confirmation.
    expect((await read('Die Lieferung geht morgen leider nicht raus.')).kind).not.toBe('confirmed');
    expect((await read('Shipping today is not possible, sorry.')).kind).not.toBe('confirmed');
    expect((await read('Big sale today on all bearings!')).kind).not.toBe('confirmed');
  });
});

describe('refusals and delays in everyday words', () => {
  it('an item the supplier stopped carrying or making is a refusal', async () => {
    expect(await read('Sorry, we stopped stocking that range, so we can\'t do this one.')).toEqual({ kind: 'refused' });
    expect(await read('Nous regrettons de ne pas pouvoir livrer cette commande, ce modèle n\'étant plus fabriqué.')).toEqual({ kind: 'refused' });
    expect(await read('No aceptamos este pedido: hemos dejado de fabricar ese modelo.')).toEqual({ kind: 'refused' });
    // Not this week is no refusal.
    expect((await read('Sorry, can\'t do this one by Friday.')).kind).not.toBe('refused');
  });

  it('a refusal until a day is a delay to that day', async () => {
    expect(await read('No podemos servir su pedido hasta el 20 de julio.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-07-20') });
    expect(await read('Nous ne pouvons pas livrer votre commande jusqu\'au 3 juillet.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-07-03') });
  });

  it('"ne … que le mardi 30 juin" is a delay to that day', async () => {
    expect(await read('Nous ne pourrons expédier la commande 2210 que le mardi 30 juin 2026.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-06-30') });
  });
});

describe('part deliveries and new prices in everyday words', () => {
  it('"only got 5 boxes, other 3 to follow" is a partial of the boxes in ordered units', async () => {
    expect(await read('Only got 5 boxes in, sending those today, other 3 to follow.', { quantity: 80, packSize: 10 }))
      .toEqual({ kind: 'partial', quantity: 50, deliveryDate: day('2026-06-08') });
  });

  it('a rate revised to a new amount is a price change, "Rs. 465/-" an amount of rupees', async () => {
    const inr = { currency: 'INR', unitPrice: 440 } as const;
    expect(await read('Kindly note the rate for item SS Flange 2" against your PO No. 556 is revised to Rs. 465/- per piece from Rs. 440/-. Request you to kindly confirm.', inr))
      .toEqual({ kind: 'price_change', unitPrice: 465 });
    expect(await read('Kindly note the rate for this item is revised to EUR 13.10 per piece. Please confirm.')).toEqual({ kind: 'price_change', unitPrice: 13.1 });
  });
});
