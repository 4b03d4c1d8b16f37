import { describe, expect, it } from 'vitest';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { ReplyContext } from '../../src/domain/world.js';

// Plainly stated replies a clerk would act on, written here in wordings the reader once handed to a
// person or misread, and the few that must still go to one. PO.receivedAt is Monday 8 June 2026.

const PO: ReplyContext = { poNumber: 'PO-7731', unitPrice: 3.9, currency: 'EUR', quantity: 300, requestedDate: '2026-06-19', receivedAt: '2026-06-08T09:30:00Z' };
const read = (text: string, context: Partial<ReplyContext> = {}) => patternReader.read(text, {}, { ...PO, ...context });

describe('a week or part of a month after the day asked for', () => {
  // PO.requestedDate is Friday 19 June 2026, in week 25.
  it('is a delay though no day of it is promised', async () => {
    expect(await read('Order confirmed, delivery in week 27.')).toEqual({ kind: 'delayed' });
    expect(await read('Commande confirmée, livraison fin juillet.')).toEqual({ kind: 'delayed' });
    expect(await read('Order confirmed, delivery in week 25.')).toEqual({ kind: 'confirmed' });
  });

  it('is a delay beside a promise of news, not beside an open price', async () => {
    expect(await read('Wegen der Beschichtung kommen die Teile leider erst KW 27. Wir melden uns mit dem genauen Tag.')).toEqual({ kind: 'delayed' });
    expect(await read('Podremos entregaros a mediados de julio; en cuanto tengamos fecha exacta os avisamos.')).toEqual({ kind: 'delayed' });
    expect(await read('Delivery in week 27, price to be confirmed.')).toEqual({ kind: 'unclear' });
  });
});

describe('dates as ERPs, carriers and people write them', () => {
  const confirmedOn = (d: string) => ({ kind: 'confirmed', deliveryDate: `${d}T00:00:00.000Z` });

  it('year first with dots or slashes, day-month-year run together, a Roman month', async () => {
    expect(await read('We confirm your PO-7731. Delivery date: 2026.06.18.')).toEqual(confirmedOn('2026-06-18'));
    expect(await read('Order PO-7731 confirmed. ETA 16JUN26 at your dock.')).toEqual(confirmedOn('2026-06-16'));
    expect(await read('We confirm your order PO-7731. Delivery: 17.VI.2026.')).toEqual(confirmedOn('2026-06-17'));
  });

  it('eight digits are a date only where a day is asked for', async () => {
    expect(await read('PO-7731 acknowledged. Ship date 20260616.')).toEqual(confirmedOn('2026-06-16'));
    expect(await read('Your order 20260616 is confirmed.', { poNumber: '20260616' })).toEqual({ kind: 'confirmed' });
  });

  it('a Roman numeral between numbers with spaces is no month', async () => {
    expect(await read('Order PO-7731 confirmed: 12 X 2050 mm bars, delivery 16.06.2026.')).toEqual(confirmedOn('2026-06-16'));
  });

  it('a weekday shortened with a dot or in two letters before its day', async () => {
    expect(await read('Die Bestellung PO-7731 ist bestätigt, Anlieferung am Mi. 17.6.')).toEqual(confirmedOn('2026-06-17'));
    expect(await read('Order PO-7731 is bevestigd, levering do 18/06.')).toEqual(confirmedOn('2026-06-18'));
  });

  it('a US day after "new ship date is"', async () => {
    expect(await read('PO-7731 got pushed out a week - new ship date is 6/26.', { currency: 'USD' })).toEqual({ kind: 'delayed', deliveryDate: '2026-06-26T00:00:00.000Z' });
  });
});

describe('delays in everyday words', () => {
  it('"now looking at" a later day, Dutch "verschoven" and "uitgesteld"', async () => {
    expect(await read("Sorry - on PO-7731 we're now looking at the 24th for delivery, the plating line has been down.")).toEqual({ kind: 'delayed', deliveryDate: '2026-06-24T00:00:00.000Z' });
    expect(await read('De levering van order PO-7731 is verschoven naar dinsdag 23 juni.')).toEqual({ kind: 'delayed', deliveryDate: '2026-06-23T00:00:00.000Z' });
    expect(await read('De levering van PO-7731 wordt uitgesteld tot 25 juni.')).toEqual({ kind: 'delayed', deliveryDate: '2026-06-25T00:00:00.000Z' });
  });

  it('"now looking at" something other than a day is no delay', async () => {
    expect(await read("Thanks, we're now looking at the drawings for PO-7731.")).toEqual({ kind: 'unclear' });
  });
});

describe('a new price under another name', () => {
  it('German day\'s, list and net prices are prices ("Tagespreis von 4,20 € statt 3,90 €")', async () => {
    expect(await read('Ihre Bestellung PO-7731 liefern wir am 17.06. Wegen der Kupfernotierung berechnen wir den aktuellen Tagespreis von 4,20 € je Stück statt 3,90 €.'))
      .toEqual({ kind: 'price_change', unitPrice: 4.2, deliveryDate: '2026-06-17T00:00:00.000Z' });
    expect(await read('Bestellung PO-7731 bestätigt, Lieferung am 17.06. zum Nettopreis von 4,05 €.'))
      .toEqual({ kind: 'price_change', unitPrice: 4.05, deliveryDate: '2026-06-17T00:00:00.000Z' });
  });

  it('a list price that starts after this delivery is not this order\'s', async () => {
    expect(await read('Bestellung PO-7731 bestätigt, Lieferung am 17.06. Ab dem 1. Januar 2027 gilt ein Listenpreis von 4,30 €.'))
      .toEqual({ kind: 'confirmed', deliveryDate: '2026-06-17T00:00:00.000Z' });
  });
});

describe('a lot now and a counted rest', () => {
  // PO: 300 units.
  it('is a partial of the lot when both counts are written and make the order', async () => {
    expect(await read('PO-7731 shipped today, 200 pcs. The other 100 are on backorder, expected 6/29.', { currency: 'USD' }))
      .toEqual({ kind: 'partial', quantity: 200, deliveryDate: '2026-06-08T00:00:00.000Z' });
  });

  it('is no partial of a count that is not written, nor of counts that do not make the order', async () => {
    expect((await read('PO-7731 shipped today. The other 100 are on backorder, expected 6/29.', { currency: 'USD' })).quantity).toBeUndefined();
    expect(await read('PO-7731 shipped today, 150 pcs. The other 100 are on backorder, expected 6/29.', { currency: 'USD' })).toEqual({ kind: 'unclear' });
  });
});

describe('refusals in Spanish as suppliers say them', () => {
  it.each([
    'Le informamos que no podremos surtir la orden PO-7731; el modelo fue descontinuado.',
    'Al final no os vamos a poder servir el pedido PO-7731, esa referencia la dejamos de fabricar en marzo.',
    'Sentimos comunicarle que dejamos de fabricar el casquillo CB-40.',
  ])('%s', async (text) => {
    expect(await read(text)).toEqual({ kind: 'refused' });
  });
});

describe('the goods promised as the buyer\'s to have', () => {
  it('"you\'ll have them", "vous les aurez", "lo tendréis" name the day of arrival', async () => {
    expect(await read('No problem on PO-7731, you\'ll have them Thursday 18 June.')).toEqual({ kind: 'confirmed', deliveryDate: '2026-06-18T00:00:00.000Z' });
    expect(await read('Pas de souci pour la commande PO-7731, vous les aurez mercredi 17 juin.')).toEqual({ kind: 'confirmed', deliveryDate: '2026-06-17T00:00:00.000Z' });
    expect(await read('El pedido PO-7731 lo tendréis el jueves 18 de junio a primera hora.')).toEqual({ kind: 'confirmed', deliveryDate: '2026-06-18T00:00:00.000Z' });
  });

  it('a day to have them after the one asked for is a delay', async () => {
    expect(await read('Nos ha fallado el proveedor, así que el PO-7731 no sale esta semana. Lo tendréis el lunes 22 de junio.')).toEqual({ kind: 'delayed', deliveryDate: '2026-06-22T00:00:00.000Z' });
  });
});

describe('a confirmation in a few words', () => {
  it('"will send" a day, "all in hand for" a day', async () => {
    expect(await read('👍 will send Tuesday')).toEqual({ kind: 'confirmed', deliveryDate: '2026-06-09T00:00:00.000Z' });
    expect(await read('Received with thanks - all in hand for Thursday.')).toEqual({ kind: 'confirmed', deliveryDate: '2026-06-11T00:00:00.000Z' });
  });

  it('"will send" a document on a day confirms nothing, nor does a day beside a question', async () => {
    expect(await read('will send Monday the revised quote for PO-7731')).toEqual({ kind: 'unclear' });
    expect(await read('will send Tuesday - do you want the invoice to the Leeds address or head office?')).toEqual({ kind: 'unclear' });
  });
});

describe('a weekday the goods are with the buyer', () => {
  it('"staat donderdag bij jullie", "Freitag früh bei Ihnen"', async () => {
    expect(await read('Prima, PO-7731 staat donderdag bij jullie.')).toEqual({ kind: 'confirmed', deliveryDate: '2026-06-11T00:00:00.000Z' });
    expect(await read('Alles klar, PO-7731 ist Freitag früh bei Ihnen.')).toEqual({ kind: 'confirmed', deliveryDate: '2026-06-12T00:00:00.000Z' });
  });
});
