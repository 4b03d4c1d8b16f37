import { describe, expect, it } from 'vitest';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { ReplyContext } from '../../src/domain/world.js';

// Money a reply names in words rather than figures: a surcharge as "two per cent", a fee with no
// amount ("at cost", "passed on to you"), a price in cents. Each is money the PO does not state or
// a price the order would be billed at. Mail written here, not taken from the labelled corpora.

const PO: ReplyContext = { unitPrice: 9.6, currency: 'EUR', quantity: 250, requestedDate: '2026-06-19', receivedAt: '2026-06-08T09:30:00Z' };
const read = (text: string, context: Partial<ReplyContext> = {}) => patternReader.read(text, {}, { ...PO, ...context });
const day = (d: string) => `${d}T00:00:00.000Z`;

describe('a percentage written in words is a percentage', () => {
  it('a surcharge of "two per cent", "drei Prozent" is a cost on top', async () => {
    expect(await read('Confirmed for 17 June. A two per cent fuel surcharge goes on every invoice this quarter.')).toEqual({ kind: 'unclear' });
    expect(await read('Bestätigt, Lieferung am 17.06.2026. Auf die Rechnung kommt ein Energiezuschlag von drei Prozent.')).toEqual({ kind: 'unclear' });
    // A number word that is no percentage leaves the confirmation.
    expect(await read('Confirmed for 17 June, in two cartons.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });
});

describe('a fee charged on the order without an amount', () => {
  it('freight "at cost", duties "passed on to you" are costs nobody has priced', async () => {
    expect(await read('Order confirmed, dispatch 17 June. Carriage will be invoiced at cost.')).toEqual({ kind: 'unclear' });
    expect(await read('Order confirmed, dispatch 17 June. Import duties and customs clearance are passed on to you.')).toEqual({ kind: 'unclear' });
    expect(await read('Bestelling bevestigd, levering 17 juni. Transportkosten worden doorberekend.')).toEqual({ kind: 'unclear' });
    // No extra freight, or shipping at no cost, is no fee; nor is a raw material's cost given as the reason for a price.
    expect(await read('Order confirmed, dispatch 17 June. No extra freight on this one.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Order confirmed, dispatch 17 June; shipping at no extra cost.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Wegen gestiegener Rohstoffkosten müssen wir für diesen Auftrag 9,90 € pro Stück berechnen. Liefertermin 17.06.2026 bleibt.'))
      .toEqual({ kind: 'price_change', unitPrice: 9.9, deliveryDate: day('2026-06-17') });
  });
});

describe('Portuguese surcharges and invoices', () => {
  it('"uma sobretaxa de 3 % na fatura" is a cost on top', async () => {
    expect(await read('Confirmamos a encomenda com entrega a 17 de junho. Será aplicada uma sobretaxa de combustível de 3 % na fatura.')).toEqual({ kind: 'unclear' });
  });
});

describe('a price in cents is money', () => {
  const cents = { unitPrice: 0.48 };

  it('a day for the goods beside a price in cents that is not the PO\'s is no plain confirmation', async () => {
    expect(await read('Your goods arrive on 17 June. 52 cents.', cents)).toEqual({ kind: 'unclear' });
  });

  it('"o preço passa a 52 cêntimos por unidade (eram 48)" is a new price of 0.52', async () => {
    expect(await read('Encomenda 1240: o preço passa a 52 cêntimos por unidade (eram 48 cêntimos). Entrega a 17 de junho.', cents))
      .toEqual({ kind: 'price_change', unitPrice: 0.52, deliveryDate: day('2026-06-17') });
  });
});

describe('Portuguese and Polish prices and months', () => {
  it('"o preço unitário passa a 10,20 € (era 9,60 €)" is a new price', async () => {
    expect(await read('Encomenda 1240: o preço unitário passa a 10,20 € (era 9,60 €). Entrega a 17 de junho.'))
      .toEqual({ kind: 'price_change', unitPrice: 10.2, deliveryDate: day('2026-06-17') });
  });

  it('months written in Portuguese and Polish are read', async () => {
    expect(await read('Encomenda confirmada. Entrega a 17 de junho.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Potwierdzamy przyjęcie zamówienia, dostawa 17 czerwca 2026.', { currency: 'PLN' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });
});

describe('a document\'s table price that differs from the PO\'s', () => {
  it('an Italian order confirmation ("Q.tà", "Importo") at another price is a price change at the table\'s price', async () => {
    const text = ['CONFERMA D\'ORDINE 1140', '', 'Articolo    Descrizione          Q.tà   U.M.   Prezzo    Importo',
      'VT-880      Valvola a sfera 3/4   250    pz     10,10     2.525,00', '', 'Consegna: 17/06/2026'].join('\n');
    expect(await read(text)).toEqual({ kind: 'price_change', unitPrice: 10.1, deliveryDate: day('2026-06-17') });
  });

  it('a Polish order confirmation ("Potwierdzenie zamówienia", "Termin realizacji") at another price is a price change', async () => {
    const text = ['Potwierdzenie zamówienia 7781', '', 'Lp.  Nazwa towaru        Ilość   J.m.   Cena netto   Wartość netto',
      '1    Zawór kulowy 3/4    250     szt.   10,10 zł     2 525,00 zł', '', 'Termin realizacji: 17.06.2026'].join('\n');
    expect(await read(text, { currency: 'PLN' })).toEqual({ kind: 'price_change', unitPrice: 10.1, deliveryDate: day('2026-06-17') });
  });

  it('a price column "per 1,000" is a price per thousand, whatever the PO\'s pack', async () => {
    const text = ['ACKNOWLEDGEMENT OF ORDER', '', 'Ln  Item       Qty      UM   Unit Price (per 1,000)   Ext Price   Ship Date',
      '1   SCR-M4-10  20,000   EA   11.40                    228.00      06/17/2026'].join('\n');
    expect(await read(text, { unitPrice: 0.0104, quantity: 20000, currency: 'USD', packSize: 500 }))
      .toEqual({ kind: 'price_change', unitPrice: 0.0114, deliveryDate: day('2026-06-17') });
  });
});

describe('new prices as they are written in more languages and units', () => {
  it('"a 97,50 € por caixa" with the PO\'s box of 10 is a new price per unit', async () => {
    expect(await read('Encomenda confirmada: 25 caixas de 10 unidades a 97,50 € por caixa. Expedição a 17 de junho.', { packSize: 10 }))
      .toEqual({ kind: 'price_change', unitPrice: 9.75, deliveryDate: day('2026-06-17') });
  });

  it('"USD 10.10/1000pcs" is a price per thousand', async () => {
    expect(await read('Please note the price is USD 10.10/1000pcs for this order. ETD 17 June.', { unitPrice: 0.0096, currency: 'USD', quantity: 100000 }))
      .toEqual({ kind: 'price_change', unitPrice: 0.0101, deliveryDate: day('2026-06-17') });
  });

  it('"the rate has been revised from USD 9.60 to USD 9.90 per no." is a new price', async () => {
    expect(await read('Please note that the rate has been revised from USD 9.60 to USD 9.90 per no. Dispatch on 17.06.2026 as scheduled.', { currency: 'USD' }))
      .toEqual({ kind: 'price_change', unitPrice: 9.9, deliveryDate: day('2026-06-17') });
  });

  it('"cena jednostkowa zmienia się z 9,60 zł na 9,90 zł" is a new price', async () => {
    expect(await read('Cena jednostkowa z zamówienia zmienia się z 9,60 zł na 9,90 zł netto. Termin wysyłki: 17 czerwca 2026.', { currency: 'PLN' }))
      .toEqual({ kind: 'price_change', unitPrice: 9.9, deliveryDate: day('2026-06-17') });
  });
});

describe('a day in place of another, in more languages', () => {
  it('"zamiast", "em vez de", "au lieu du" before the day placed for make a delay', async () => {
    expect(await read('Zamówienie zostanie dostarczone 24 czerwca 2026 zamiast 19 czerwca.', { currency: 'PLN' })).toEqual({ kind: 'delayed', deliveryDate: day('2026-06-24') });
    expect(await read('A encomenda será entregue a 24 de junho em vez de 19 de junho.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-06-24') });
    expect(await read('Votre commande sera livrée le 24 juin au lieu du 19 juin.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-06-24') });
  });
});

describe('a fee the sentence lets off', () => {
  it('"normally a €25 delivery fee, but it\'s waived" is no cost of this order; charged below a threshold it is', async () => {
    expect(await read('Order confirmed at the quoted prices. Normally there is a €25 delivery fee but it is waived on this one. Delivery 17 June.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Order confirmed, delivery 17 June. The €25 delivery fee is waived as your order is over €5,000.')).toEqual({ kind: 'unclear' });
  });
});

describe('a size written as a fraction is no money', () => {
  it('"el precio del tornillo 1/2 queda en 990 centavos por pieza" is a new price of 9.90', async () => {
    expect(await read('Para su orden, el precio del tornillo 1/2 queda en 990 centavos por pieza. Entrega el 17 de junio.', { currency: 'MXN' }))
      .toEqual({ kind: 'price_change', unitPrice: 9.9, deliveryDate: day('2026-06-17') });
  });
});
