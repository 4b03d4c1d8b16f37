import { describe, expect, it } from 'vitest';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { ReplyContext } from '../../src/domain/world.js';

// General rules of the pattern reader, each with mail written here (not taken from the labelled
// corpora): how dates, money signs and layouts are written by suppliers nobody here tuned for.

const PO: ReplyContext = { unitPrice: 12.4, currency: 'EUR', quantity: 300, requestedDate: '2026-06-19', receivedAt: '2026-06-08T09:30:00Z' };
const read = (text: string, context: Partial<ReplyContext> = {}) => patternReader.read(text, {}, { ...PO, ...context });
const day = (d: string) => `${d}T00:00:00.000Z`;

describe('money signs as the deployment writes them', () => {
  it('a bare "$" in a peso deployment is the peso, not a foreign dollar', async () => {
    const cop = { unitPrice: 7200, currency: 'COP' } as const;
    expect(await read('Confirmamos su orden de compra: 300 unidades a $7.200 c/u, entrega el 15 de junio de 2026.', cop))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-15') });
    expect(await read('Confirmamos su orden de compra a US$ 7,20 la unidad, entrega el 15 de junio de 2026.', cop)).toEqual({ kind: 'unclear' });
  });
});

describe('days named by their weekday or ordinal, counted from when the mail came', () => {
  // PO.receivedAt is Monday 8 June 2026.
  it('a weekday after words of the goods\' way is the next such day', async () => {
    expect(await read('All in stock, will be with you Weds.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-10') });
    expect(await read('Yep, can do - with you this Friday.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
    expect(await read('Commande confirmée, livraison jeudi.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
  });

  it('"next Thursday" is a day only where it cannot mean this week\'s', async () => {
    const friday = { receivedAt: '2026-06-12T10:00:00Z', requestedDate: '2026-06-15' };
    expect(await read('Sorry, the pumps won\'t be ready for Monday - they\'ll be with you next Thursday.', friday))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-06-18') });
    expect(await read('Confirmed, delivery next Thursday.')).toEqual({ kind: 'confirmed' });
  });

  it('an ordinal without a month is that day of this month or the next', async () => {
    expect(await read('All good - booked in for the 12th.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
    expect(await read('Order confirmed, delivery on the 3rd.', { receivedAt: '2026-06-24T08:00:00Z', requestedDate: '2026-07-10' }))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-07-03') });
  });

  it('a requested day said to be too tight is a delay to the day offered', async () => {
    expect(await read('The 12th is too tight for us, but we can get them to you by end of next week.', { receivedAt: '2026-06-10T08:00:00Z', requestedDate: '2026-06-12' }))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-06-19') });
  });
});

describe('documents and notes that are not about the order\'s day', () => {
  it('a delivery note\'s own date is not the delivery', async () => {
    const text = ['Versandavis', '', 'Ihre Bestellung hat heute vollständig unser Lager verlassen.', 'Lieferschein-Nr.: 55120 vom 08.06.2026', 'Voraussichtliche Zustellung: Mittwoch, 10.06.2026'].join('\n');
    expect(await read(text)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-10') });
  });

  it('a discount or tax percentage column does not make the price a pack\'s', async () => {
    const text = [
      'Auftragsbestätigung 88-120',
      '',
      'Nr.      Beschreibung           Menge   Einheit   VK-Preis   Rabatt %   Betrag',
      'KL-200   Klemmleiste 12-polig   300     STK       12,40                 3.720,00',
      '',
      'Zugesagtes Lieferdatum   16.06.2026',
    ].join('\n');
    expect(await read(text)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });

  it('"veuillez noter" informs, it asks nothing', async () => {
    expect(await read('Nous vous confirmons votre commande, livraison le 12 juin. Veuillez noter que nos bureaux seront fermés le 15 juin.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
  });
});
