import { describe, expect, it } from 'vitest';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { ReplyContext } from '../../src/domain/world.js';

// Plainly stated replies a reader may miss or misread: a demand to amend the PO that abbreviates
// its number, the rest of an order named after a share of it. Mail written here, not taken from
// the labelled corpora.

const PO: ReplyContext = { unitPrice: 2.2, currency: 'EUR', quantity: 800, requestedDate: '2026-06-19', receivedAt: '2026-06-08T09:30:00Z' };
const read = (text: string, context: Partial<ReplyContext> = {}) => patternReader.read(text, {}, { ...PO, ...context });
const day = (d: string) => `${d}T00:00:00.000Z`;

describe('a demand to amend the PO to an amount', () => {
  it('"kindly amend your PO No. 4410 to USD 2.45" is no price the supplier states, whatever abbreviates the number', async () => {
    expect(await read('Kindly amend your PO No. 4410 to USD 2.45 per pc and resend so we can process the order.', { currency: 'USD' })).toEqual({ kind: 'unclear' });
    expect(await read('Please revise PO Nr. 4410 to EUR 2.45 each and send it again.')).toEqual({ kind: 'unclear' });
  });
});

describe('the rest named after a lot', () => {
  it('the rest named after a lot is no plain confirmation: a person reads it (read as a partial, it misread offers of a choice)', async () => {
    expect(await read('Half of it goes out Thursday and the rest the week after.')).toEqual({ kind: 'unclear' });
    expect(await read('We can deliver 25% of the quantity on 15 June, the rest in July.')).toEqual({ kind: 'unclear' });
    expect(await read('We will deliver on 15 June; the office is closed for the rest of the week after that.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-15') });
  });

  it('a partial\'s share of the order is its quantity when it is a whole number of units', async () => {
    expect(await read('Partial delivery: half of the order goes out on 11 June.')).toEqual({ kind: 'partial', quantity: 400, deliveryDate: day('2026-06-11') });
    expect(await read('Partial delivery: 33% of the order goes out on 15 June.', { quantity: 850 })).toEqual({ kind: 'partial', deliveryDate: day('2026-06-15') });
  });
});

describe('a refusal in everyday words', () => {
  it('the item out of production or out of the range, in the languages read', async () => {
    for (const text of [
      'Il codice del Vs. ordine è fuori produzione e non siamo in grado di consegnarlo.',
      'Niestety tego modelu nie produkujemy już, więc nie zrealizujemy tego zamówienia.',
      'O artigo está fora de linha e já não o podemos fornecer.',
      'Tento typ už nevyrábíme, objednávku nemůžeme vyřídit.',
      'Produkten har utgått ur sortimentet, vi kan tyvärr inte leverera.',
    ]) expect(await read(text), text).toEqual({ kind: 'refused' });
  });

  it('"your order has been cancelled" by the supplier is a refusal', async () => {
    expect(await read('Your account is closed for non-payment and order 5521 has been cancelled.')).toEqual({ kind: 'refused' });
  });

  it('"we can only supply 500 pcs. The balance 300 pcs is cancelled" is a partial of the lot that comes', async () => {
    expect(await read('For your PO we can only supply 500 pcs. The balance 300 pcs is cancelled as the item is end of life.')).toEqual({ kind: 'partial', quantity: 500 });
  });
});

describe('a confirmation without the word "confirm"', () => {
  it('the goods leaving today or tomorrow, in Polish, Portuguese, Czech and English', async () => {
    expect(await read('Towar do zamówienia wyjeżdża dziś.', { currency: 'PLN' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-08') });
    expect(await read('A encomenda segue amanhã de manhã.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
    expect(await read('Zboží k objednávce zítra odchází.', { currency: 'CZK' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
    expect(await read('The pallets leave our plant tomorrow.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
    expect(await read('Cheers, that one is going out tomorrow.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
    // A departure the sentence denies is none.
    expect(await read('A encomenda não segue hoje, falta material.')).not.toMatchObject({ kind: 'confirmed' });
  });

  it('an order scheduled for a day: "queda programado para", "staat ingepland voor"', async () => {
    expect(await read('Su pedido queda programado para el 16 de junio.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
    expect(await read('Uw order staat ingepland voor dinsdag 16 juni.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });

  it('"we send the goods Tuesday 16. June" with its day', async () => {
    expect(await read('ok, we send the goods Tuesday 16. June.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });
});

describe('a delay in everyday words', () => {
  it('"atraso", "försenad", "zpozdí", "opóźnienie": a delay, without a day when none is given', async () => {
    expect(await read('A encomenda vai ter um atraso de uns dez dias por avaria na máquina.')).toEqual({ kind: 'delayed' });
    expect(await read('Tyvärr blir ordern försenad en vecka.', { currency: 'SEK' })).toEqual({ kind: 'delayed' });
    expect(await read('Dostawa zamówienia nastąpi później z powodu opóźnienia dostaw surowca.', { currency: 'PLN' })).toEqual({ kind: 'delayed' });
    // Denied, no delay.
    expect(await read('A encomenda segue amanhã, sem atraso.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
  });

  it('a date spaced out as Czech mail writes it, "26. 6. 2026", is the new day', async () => {
    expect(await read('Dodání Vaší objednávky č. 26/0608 se zpozdí. Nový termín dodání je 26. 6. 2026.', { currency: 'CZK' }))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-06-26') });
  });
});

describe('a partial in Polish, Portuguese and Swedish', () => {
  it('"pozostałe 500 szt." after a lot with its day is the rest; a count after a date is no year', async () => {
    expect(await read('Z zamówienia wyślemy we wtorek 16 czerwca 1500 szt., pozostałe 500 szt. dopiero w lipcu.', { currency: 'PLN', quantity: 2000 }))
      .toEqual({ kind: 'partial', quantity: 1500, deliveryDate: day('2026-06-16') });
  });

  it('"só temos metade em stock: enviamos 400 unidades na sexta-feira, dia 12, e o restante depois"', async () => {
    expect(await read('Só temos metade em stock: enviamos 400 unidades na sexta-feira, dia 12, e o restante depois.'))
      .toEqual({ kind: 'partial', quantity: 400, deliveryDate: day('2026-06-12') });
  });

  it('"Vi kan skicka 300 av 800 st den 15 juni, resten kommer senare"', async () => {
    expect(await read('Vi kan skicka 300 av 800 st den 15 juni, resten kommer senare.', { currency: 'SEK' }))
      .toEqual({ kind: 'partial', quantity: 300, deliveryDate: day('2026-06-15') });
  });
});
