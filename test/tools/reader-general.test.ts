import { describe, expect, it } from 'vitest';
import { datesIn } from '../../src/activities/reader/dates.js';
import { isOpen, kindOf } from '../../src/activities/reader/kind.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { ReplyContext } from '../../src/domain/world.js';
import { buildReaderRequest } from '../../src/activities/reader/claude.js';
import { replyContext } from '../../src/tools/read-supplier-reply.js';
import { turnText } from '../support/fake-model.js';
import { contextOf } from '../support/scripted-reader.js';
import { ordered, replyWaiting } from '../support/states.js';

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

describe('an order in parts', () => {
  it('when the rest follows is left open without making the part that comes now a question', async () => {
    expect(await read('We can only send 200 of the 300 pcs, they ship on 10 June. The remaining 100 will follow as soon as our next batch is released.'))
      .toEqual({ kind: 'partial', quantity: 200, deliveryDate: day('2026-06-10') });
    expect(isOpen('The remaining 100 will follow as soon as our next batch is released.')).toBe(false);
    // What the buyer is asked to decide stays open.
    expect(isOpen('Please let us know whether you want the remaining 100 at all.')).toBe(true);
    expect(isOpen('If you agree, the rest ships as soon as it is packed.')).toBe(true);
    expect(isOpen('The balance will follow?')).toBe(true);
  });

  it('lots that add up to the order, each with a day, are a partial delivery of the first', async () => {
    expect(await read('We will handle your order as two deliveries: first delivery of 120 pcs on 06/12/2026, second delivery of 180 pcs on 06/26/2026.', { currency: 'USD' }))
      .toEqual({ kind: 'partial', quantity: 120, deliveryDate: day('2026-06-12') });
  });

  it('a day given for the rest is not the first lot\'s', async () => {
    expect(await read('We have dispatched 250 pcs on 09/06 (2 pallets). The remaining 50 pcs are expected w/c 22 June.'))
      .toEqual({ kind: 'partial', quantity: 250, deliveryDate: day('2026-06-09') });
  });

  it('a shipped-quantity column headed "Qty Shp" is what ships now', async () => {
    const text = [
      'Order status for your PO below.',
      '',
      'Line  Item        Qty Ord  Qty Shp  Qty B/O  Ship Date  Unit Price',
      '1     KL-200      300      120      180      06/10/26   12.40',
    ].join('\n');
    expect(await read(text, { currency: 'USD' })).toEqual({ kind: 'partial', quantity: 120, deliveryDate: day('2026-06-10') });
  });
});

describe('how a mail writes its dates, from its own dates', () => {
  it('a slashed date readable one way only settles the others', async () => {
    expect(await read('Confirmed, lot ETD 05/06/2026, the invoice follows on 22/06/2026.', { currency: 'VND', unitPrice: 12.4 }))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-05') });
  });
});

describe('a day is the goods\' arrival by the words on either side of it', () => {
  it('"Freitag früh bei Ihnen" is the arrival, not the day before it goes out', async () => {
    expect(await read('Passt, die 300 Stk gehen am Donnerstag raus, sind dann Freitag früh bei Ihnen.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
    expect(await read('Passt, geht Mittwoch raus.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-10') });
  });

  it('a dispatch moved past a closure keeps its new day', async () => {
    expect(await read('Der Versand wurde wegen Betriebsferien auf den 29. Juni 2026 verschoben.'))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-06-29') });
  });

  it('"ship date 6/12" in a US mail is the 12th of June', async () => {
    expect(await read('Thanks for the order. Confirmed, ship date 6/12.', { currency: 'USD' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
  });

  it('ERP columns "Del Date", "Liefer-Dat.", "Menge Teillief." and "Rest" are read for what they hold', async () => {
    const uk = ['SALES ORDER ACKNOWLEDGEMENT', '', 'Ln  Del Date    Part No   Description        Qty   UoM  Price   Value', '1   16/06/2026  KL-200    Terminal block     300   EA   12.40   3,720.00'].join('\n');
    expect(await read(uk, { currency: 'GBP' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
    const de = ['Lieferstatus zu Ihrer Bestellung:', '', 'Pos | Art.-Nr. | Menge best. | Menge Teillief. | Rest | ME  | Liefer-Dat.', '1   | KL-200   | 300         | 200             | 100  | Stk | 11.06.2026'].join('\n');
    expect(await read(de)).toEqual({ kind: 'partial', quantity: 200, deliveryDate: day('2026-06-11') });
  });
});

describe('plain replies without a word of confirmation', () => {
  it('a weekday after a word of arrival is a promised day, but not when a dated day follows it', async () => {
    expect(await read('Ok, consegna mercoledì.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-10') });
    expect(await read('All set on your PO, delivery Tuesday, June 16th.', { currency: 'USD' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });

  it('"delivered to you 6/12" in a US mail is the arrival', async () => {
    expect(await read('Order received. We\'ll have these out the door by 6/10, delivered to you 6/12.', { currency: 'USD' }))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
  });

  it('a lead time "of" so many business days counts from the mail', async () => {
    expect(await read('Recibido el pedido. Tenemos el material en stock; el plazo de entrega es de 5 días hábiles a partir de hoy.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-15') });
  });

  it('"ha sido expedido hoy" is a shipment', async () => {
    expect(await read('Le informamos de que su pedido ha sido expedido hoy 08/06/2026 con SEUR.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-08') });
  });

  it('part of the order with a day for it is a partial delivery', async () => {
    expect(await read('Only 200 of the 300 are ready; they\'ll go out on Thursday 11 June.')).toEqual({ kind: 'partial', quantity: 200, deliveryDate: day('2026-06-11') });
    expect(await read('We have 180 in stock which we\'ll send on 9 June; the other 120 are due in from the mill later this month.'))
      .toEqual({ kind: 'partial', quantity: 180, deliveryDate: day('2026-06-09') });
  });
});

describe('a promise on a condition is not a confirmation', () => {
  it('a condition after the promise ("we will ship Monday if the parts arrive") leaves it open', async () => {
    expect(await read('Out of stock until Friday, we will ship Monday if the parts arrive.')).toEqual({ kind: 'unclear' });
    expect(await read('We will deliver on 12 June if the material comes in on time.')).toEqual({ kind: 'unclear' });
    expect(await read('Confirmed for 12 June, si la matière arrive à temps.')).toEqual({ kind: 'unclear' });
    // An instruction for a case that may come later is no condition on the promise.
    expect(await read('Confirmed, delivery 12 June. Call us if the goods arrive damaged.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
  });
});

describe('ERP columns as SAP abbreviates them', () => {
  it('"Req. Dlv. Date" is the day asked for and "Conf. Dlv. Date" the day promised', async () => {
    const sap = ['ORDER CONFIRMATION', '', 'Item    Material   Order Qty   UoM   Price    Req. Dlv. Date   Conf. Dlv. Date', '000010  KL-200     300         PC    12.40    19.06.2026       03.07.2026'].join('\n');
    expect(await read(sap)).toEqual({ kind: 'delayed', deliveryDate: day('2026-07-03') });
    const onTime = sap.replace('03.07.2026', '17.06.2026');
    expect(await read(onTime)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });
});

describe('packs named in French and Italian, and the rest as "the other ones"', () => {
  it('"colli" are packs of the PO\'s pack size, so the rest in colli is counted in units', async () => {
    expect(await read('Vi informiamo che oggi spediamo 8 colli. I restanti 7 colli seguiranno il 22 giugno.', { packSize: 20 }))
      .toEqual({ kind: 'partial', quantity: 160, deliveryDate: day('2026-06-08') });
  });

  it('"les 6 autres boîtes suivront" is the rest; what comes now is the order less it', async () => {
    expect(await read('On a juste 9 boîtes en inventaire, on te les envoie le 10 juin. Les 6 autres boîtes suivront plus tard.', { packSize: 20 }))
      .toEqual({ kind: 'partial', quantity: 180, deliveryDate: day('2026-06-10') });
  });
});

describe('refusals with the order as a pronoun', () => {
  it('"pas en mesure de l\'honorer" refuses the order', async () => {
    expect(await read('Nous ne sommes malheureusement pas en mesure de l\'accepter : notre presse est en panne pour plusieurs mois.')).toEqual({ kind: 'refused' });
  });
});

describe('"del", "du" after a word of delivery', () => {
  it('"mantenemos la fecha de entrega del 17 de junio" is the delivery\'s day, not another date', async () => {
    expect(await read('Su pedido queda confirmado. Mantenemos la fecha de entrega del 17 de junio.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Nous confirmons votre commande et maintenons la date de livraison du 17 juin.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });
});

describe('part of the order refused, the rest coming', () => {
  it('a refusal of "the other 100" beside "200 of the 300" is a partial of what comes', async () => {
    expect(await read('We can send 200 of the 300 units; the other 100 we cannot supply, the line has been discontinued. The 200 will ship 12 June.'))
      .toEqual({ kind: 'partial', quantity: 200, deliveryDate: day('2026-06-12') });
    // A refusal of the whole order stays a refusal.
    expect(await read('We cannot supply this order, the line has been discontinued.')).toEqual({ kind: 'refused' });
  });
});

describe('prices per hundred and measures of the goods', () => {
  it('"74,50 € HT le cent" is a price per hundred, tax words between', async () => {
    expect(await read('Livraison confirmée pour le 12 juin. Nous devons appliquer un tarif de 13,20 € HT le cent au lieu de 12,40 €.', { unitPrice: 0.124 }))
      .toEqual({ kind: 'price_change', unitPrice: 0.132, deliveryDate: day('2026-06-12') });
  });

  it('the sides of a measure ("plate 2500 x 1250") are no price', async () => {
    expect(await read('Confirmed, delivery 12 June. The price of the plate 2500 x 1250 stays at €12.40 as per your PO.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
  });
});

describe('a price that moves "from" one amount "to" another', () => {
  it('the amount after "to" is the new price, however far the price word stands before it', async () => {
    expect(await read('With the latest mill increase the price of the galvanised wall bracket, type B long, has gone from €12.40 to €13.10 and we must apply it to this order. Delivery stays on 12 June.'))
      .toEqual({ kind: 'price_change', unitPrice: 13.1, deliveryDate: day('2026-06-12') });
  });
});

describe('a price per the measure the order is priced in', () => {
  it('"13,10 €/kg statt 12,40 €/kg" at 12.40 is a new price of the ordered unit', async () => {
    expect(await read('Für diesen Auftrag müssen wir aufgrund der Rohstoffpreise 13,10 €/kg statt 12,40 €/kg verrechnen. Die Lieferung erfolgt wie vereinbart am 12. Juni.'))
      .toEqual({ kind: 'price_change', unitPrice: 13.1, deliveryDate: day('2026-06-12') });
  });

  it('a price per kilo beside no PO price per kilo is not the ordered unit\'s', async () => {
    expect(await read('Confirmed for 12 June; the aluminium for it is now €13.10/kg.')).toEqual({ kind: 'unclear' });
  });
});

describe('invoicing at a price marked per unit', () => {
  it('"we\'ll have to invoice this order at €13.10/ea" states the new unit price', async () => {
    expect(await read('Sorry, the old quote no longer holds - we\'ll have to invoice this order at €13.10/ea. Delivery 12 June as planned.'))
      .toEqual({ kind: 'price_change', unitPrice: 13.1, deliveryDate: day('2026-06-12') });
    // An invoice total is still no unit price.
    expect(await read('Confirmed for 12 June; we will invoice this order at €3,930.00 in total.')).toEqual({ kind: 'unclear' });
  });
});

describe('"we\'ll have them to you by"', () => {
  it('is a promise of the goods\' arrival, not a promise of news', async () => {
    expect(await read('Yep got it. We\'ll have the 300 brackets to you by 6/12.', { currency: 'USD' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
    expect(await read('Got it. We\'ll get back to you by 6/12 with a date.', { currency: 'USD' })).toEqual({ kind: 'unclear' });
  });
});

describe('a booking for the buyer', () => {
  it('"we\'ve got you down for delivery week 25" confirms, in the week placed for', async () => {
    expect(await read('Order received with thanks. We\'ve got you down for delivery week 25.')).toEqual({ kind: 'confirmed' });
    expect(await read('Thanks - we have you booked in for 12 June.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
  });
});

describe('a delay said as later than the buyer wanted', () => {
  it('"a few days later than you wanted", "past your requested date" are delays', async () => {
    expect(await read('Sorry, this one will be a few days later than you wanted; we\'ll let you know the day as soon as we have it.')).toEqual({ kind: 'delayed' });
    expect(await read('Our earliest ship date is 24 June, a few days past your requested date.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-06-24') });
  });
});

describe('"with you" after a day belongs to the day that follows it', () => {
  it('"out on 15 June, arriving with you on the 17th" arrives on the 17th', async () => {
    expect(await read('All good, we\'ll be sending it out on 15 June, arriving with you on the 17th.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });
});

describe('Portuguese parts and days', () => {
  it('"180 unidades das 300, com entrega no dia 12/06" is a partial with its day', async () => {
    expect(await read('Conseguimos enviar 180 unidades das 300 solicitadas, com entrega no dia 12/06.', { currency: 'BRL', unitPrice: 12.4 }))
      .toEqual({ kind: 'partial', quantity: 180, deliveryDate: day('2026-06-12') });
  });
});

describe('Polish confirmations and refusals', () => {
  it('"Potwierdzamy przyjęcie zamówienia" confirms; VAT on the net price adds no cost', async () => {
    expect(await read('Potwierdzamy przyjęcie zamówienia. Termin dostawy: 12.06.2026. Do ceny netto zostanie doliczony podatek VAT 23%.', { currency: 'PLN' }))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
    // Receipt is not acceptance.
    expect(await read('Potwierdzamy otrzymanie zamówienia.', { currency: 'PLN' })).toEqual({ kind: 'unclear' });
  });

  it('"nie jesteśmy w stanie go zrealizować", "wycofany z produkcji" refuse the order', async () => {
    expect(await read('Niestety nie jesteśmy w stanie go zrealizować.', { currency: 'PLN' })).toEqual({ kind: 'refused' });
    expect(await read('Ten artykuł został wycofany z produkcji.', { currency: 'PLN' })).toEqual({ kind: 'refused' });
  });
});

describe('a mail the supplier hands on from its own side', () => {
  const forwarded = (own: string, block: string) => [own, '', 'Jo', '', '---------- Forwarded message ---------', 'From: Dispatch <dispatch@supplier.example>',
    'Date: Mon, 8 Jun 2026 at 08:02', 'Subject: RE: your PO', '', block].join('\n');

  it('"see below from our dispatch team" makes the forwarded note the supplier\'s word', async () => {
    expect(await read(forwarded('Please see below from our dispatch team - all good on your order.', 'All 300 units are packed. Delivery date: 16/06/2026.')))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });

  it('a carrier\'s notice "below" is read whole: what it ships less than ordered is a partial', async () => {
    expect(await read(forwarded('Tracking below.', 'Your shipment is on the way: 200 of 300 pcs. Estimated delivery: 12/06/2026.')))
      .toEqual({ kind: 'partial', quantity: 200, deliveryDate: day('2026-06-12') });
  });

  it('a bare "see below" does not make the buyer\'s own mail quoted back the supplier\'s', async () => {
    const quoted = ['Confirmed, see below.', '', '-----Original Message-----', 'From: Buyer <buyer@shop.example>', 'Sent: 05 June 2026 10:00',
      'Subject: PO', '', 'Please deliver by 10/06/2026 at €13.10 a unit.'].join('\n');
    expect(await read(quoted)).toEqual({ kind: 'confirmed' });
  });
});

describe('order numbers after the words of an order in other languages', () => {
  it('"(OC 4471)", "Bestellung 4471" are references, not prices', async () => {
    expect(await read('Por la subida del acero, el precio para este pedido (OC 4471) queda en 13,10 € por unidad. Entrega el 12/06.'))
      .toEqual({ kind: 'price_change', unitPrice: 13.1, deliveryDate: day('2026-06-12') });
  });
});

describe('a price per the count the mail writes the PO\'s price in', () => {
  it('"$13.10/M instead of the $12.40/M on your PO" at 0.0124 is a price per thousand', async () => {
    expect(await read('Due to the zinc increase we have to invoice this order at $13.10/M instead of the $12.40/M on your PO. Confirmed for 12 June.', { currency: 'USD', unitPrice: 0.0124 }))
      .toEqual({ kind: 'price_change', unitPrice: 0.0131, deliveryDate: day('2026-06-12') });
  });
});

describe('"ship date of 6/12"', () => {
  it('is a date after "date of"', async () => {
    expect(await read('Confirmed. Ship date of 6/12 stands.', { currency: 'USD' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
  });
});

describe('an acknowledgement that notes the PO\'s price beside its own', () => {
  it('"your PO shows 12.40" names the PO\'s price, not a second price of the supplier\'s', async () => {
    const ack = ['ORDER ACKNOWLEDGMENT', '', 'Ln  Item      Qty   UM   Unit Price   Ext Price   Prom Date', '1   KL-200    300   EA       13.10*   3,930.00    06/17/2026', '',
      '* Price updated - your PO shows 12.40.'].join('\n');
    expect(await read(ack, { currency: 'USD' })).toEqual({ kind: 'price_change', unitPrice: 13.1, deliveryDate: day('2026-06-17') });
  });

  it('"Ihr Bestellpreis: 12,40 €" likewise', async () => {
    const ab = ['Auftragsbestätigung', '', 'Pos.  Artikel   Menge    Preis/ME   Gesamt', '1     KL-200    300 Stk  13,10 €    3.930,00 €', '      Lieferdatum: 17.06.2026', '',
      'Hinweis: Preis/ME 13,10 € (Ihr Bestellpreis: 12,40 €) – Preisanpassung gem. aktueller Preisliste.'].join('\n');
    expect(await read(ab)).toEqual({ kind: 'price_change', unitPrice: 13.1, deliveryDate: day('2026-06-17') });
  });
});

describe('a carrier\'s notice handed on in German', () => {
  it('"anbei die Versandinfo" makes the forwarded notice the supplier\'s word', async () => {
    const mail = ['Guten Tag,', '', 'anbei die Versandinfo zu Ihrer Bestellung - Ware komplett versendet.', '', '-------- Weitergeleitete Nachricht --------',
      'Von: Paketdienst <noreply@paket.example>', 'Betreff: Ihre Sendung ist unterwegs', '', 'Voraussichtliche Zustellung: Mittwoch, 10.06.2026'].join('\n');
    expect(await read(mail)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-10') });
  });
});

describe('a delay in everyday words', () => {
  it('"it\'s not gonna make Friday" is a delay, with the day looked at now', async () => {
    expect(await read('Sorry mate, the container is stuck at the port, so it\'s not gonna make Friday. Looking at Wed 17th now for delivery.', { currency: 'AUD' }))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-06-17') });
  });
});

describe('"the 2 other orders" are no goods still to come', () => {
  it('a count of other orders leaves the part shipped now as stated', async () => {
    expect(await read('We only have 150 pcs now, sending them on 10 June; the rest follows, as do the 2 other orders.'))
      .toEqual({ kind: 'partial', quantity: 150, deliveryDate: day('2026-06-10') });
  });
});

describe('the freight the PO itself states', () => {
  // 300 at 12.40 is 3,720.00; the PO states 45.00 freight, 3,765.00 in all.
  const withFreight = { freight: 45 };
  it('named in a confirmation, it adds nothing: the order goes on as placed', async () => {
    const text = 'We confirm your order, delivery on 17 June. Freight of 45,00 EUR will be added as on your PO.';
    expect(await read(text, withFreight)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Confirmed for 17 June, total 3.765,00 EUR incl. freight.', withFreight)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });

  it('a freight the PO does not state, or none stated at all, is still a cost nobody approved', async () => {
    const text = 'We confirm your order, delivery on 17 June. Freight of 60,00 EUR will be added.';
    expect(await read(text, withFreight)).toEqual({ kind: 'unclear' });
    expect(await read('We confirm your order, delivery on 17 June. Freight of 45,00 EUR will be added as on your PO.')).toEqual({ kind: 'unclear' });
  });
});

describe('a date written day and month either way round', () => {
  const usd = { unitPrice: 12.4, currency: 'USD', receivedAt: '2026-12-01T15:00:00Z', requestedDate: '2026-12-14' } as const;
  it('read month first in a dollar mail, it stays so when that lands within weeks of the mail', async () => {
    expect(await read('Confirmed, ships 12/9.', usd)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-12-09') });
  });

  it('landing most of a year away read month first, while day first lands within weeks, it is read day first', async () => {
    expect(await read('Confirmed, ships 11/12.', usd)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-12-11') });
  });
});

describe('days written after the words of the goods\' way (dev-additions-13 round)', () => {
  // PO.receivedAt is Monday 8 June 2026, in euros: dates are written day first.
  it('"dispatch 12/6": a bare day and month after dispatch is the dispatch day', async () => {
    expect(await read('Noted, thanks - dispatch 12/6.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
  });

  it('"ETA to your Leeds depot 17/06": an ETA\'s day a few words after it', async () => {
    expect(await read('Order confirmed. ETA to your Leeds depot 17/06.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    // A number between the two is no ETA's day.
    expect(await read('Order confirmed. ETA for line 2 of 5/6 to follow.')).toEqual({ kind: 'confirmed' });
  });

  it('"entrega prevista a 11/06": the expected arrival, which wins over the day the goods leave', async () => {
    expect(await read('Os rolamentos seguem no dia 10/06, com entrega prevista a 11/06.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
  });

  it('"on Thursday\'s truck": the goods leave with that weekday\'s round', async () => {
    expect(await read('Order confirmed - it goes on Thursday\'s truck.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
  });
});

describe('acknowledgement columns read by their headers (dev-additions-13 round)', () => {
  it('"Disp. Date": the dispatch column as ERPs abbreviate it', async () => {
    const ack = 'Sales Order Acknowledgement\n\nSr | Item | Qty | UOM | Rate | Amount | Disp. Date\n1 | Hex bolt M10 | 300 | Nos | 12.40 | 3,720.00 | 17.06.2026';
    expect(await read(ack)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });

  it('a Polish table: "Ilość", "Cena netto", "Wartość", "Termin dostawy"; a gross price ("Cena brutto") is not the unit price', async () => {
    const pln = { currency: 'PLN' } as const;
    const head = 'POTWIERDZENIE ZAMÓWIENIA\n\nLp. | Towar | Ilość | Cena netto | Wartość netto | Termin dostawy\n';
    expect(await read(`${head}1 | Śruba M10 | 300 | 12,40 zł | 3 720,00 zł | 2026-06-17`, pln)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    const gross = 'POTWIERDZENIE ZAMÓWIENIA\n\nLp. | Towar | Ilość | Cena netto | Cena brutto | Wartość netto | Termin dostawy\n'
      + '1 | Śruba M10 | 300 | 12,90 zł | 15,87 zł | 3 870,00 zł | 2026-06-17';
    expect(await read(gross, pln)).toEqual({ kind: 'price_change', unitPrice: 12.9, deliveryDate: day('2026-06-17') });
  });
});

describe('the goods leaving on a day, without the word "confirm" (dev-additions-13 round)', () => {
  // PO.receivedAt is Monday 8 June 2026; the PO asked for 19 June.
  it('"on the truck Wednesday", "go out on our own van", "sur le camion": a vehicle that takes the goods on a day', async () => {
    expect(await read('They\'re on the truck Wednesday, should hit your dock Thursday morning.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
    expect(await read('The 300 brackets will go out on our own van Tuesday 16th June.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
    expect(await read('Ta commande part sur le camion mercredi, tu devrais l\'avoir jeudi matin.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
  });

  it('"os lo mandamos el martes", "la merce parte martedì": sent or leaving on a day, in Spanish and Italian', async () => {
    expect(await read('Todo bien, os lo mandamos el martes 16 de junio.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
    expect(await read('Ordine ok, la merce parte martedì 16 giugno.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });

  it('a truck missed or asked about confirms nothing, and its day is not the delivery\'s', async () => {
    expect(await read('Sorry, we couldn\'t get them on the truck Wednesday.')).toEqual({ kind: 'delayed' });
    expect(await read('Can they go out on the truck Wednesday or do you need them sooner?')).toEqual({ kind: 'unclear' });
  });
});

describe('everyday delays, refusals and plans (dev-additions-13 round)', () => {
  // PO.receivedAt is Monday 8 June 2026; the PO asked for 19 June.
  it('"will be later", "nicht schaffen bis zum Termin": a delay without the word; not "later today"', async () => {
    expect(await read('The motors will be later, about ten days.')).toEqual({ kind: 'delayed' });
    expect(await read('The motors will ship later today.')).toEqual({ kind: 'unclear' });
    // The day the buyer asked for is the one not kept, not a promise of it.
    expect(await read('Wir schaffen die Lieferung leider nicht bis zum 19.06.')).toEqual({ kind: 'delayed' });
  });

  it('"on 24 June instead of 19 June": a day in place of another; not a count in place of another', async () => {
    expect(await read('Our works are closed 15-17 June, so delivery of your order will be on 24 June instead of 19 June.'))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-06-24') });
    expect(await read('We can send 200 instead of 250.')).toEqual({ kind: 'unclear' });
  });

  it('"müssen wir Ihren Auftrag AB-2026/118 ablehnen": the order\'s reference between the verb\'s parts', async () => {
    expect(await read('Leider müssen wir Ihren Auftrag AB-2026/118 ablehnen.')).toEqual({ kind: 'refused' });
  });

  it('"la livraison est planifiée en semaine 25": a planned delivery week', async () => {
    expect(await read('La livraison est planifiée en semaine 25.')).toEqual({ kind: 'confirmed' });
    expect(await read('La livraison est planifiée en semaine 27.')).toEqual({ kind: 'delayed' });
  });
});

describe('a first lot counted as suppliers count it (dev-additions-13 round)', () => {
  // PO.receivedAt is Monday 8 June 2026; 300 ordered.
  it('"120m of the 300m": the part of the ordered length, its unit written after both counts', async () => {
    expect(await read('Can get 120m of the 300m off to you on Wednesday\'s run, the rest later this month.'))
      .toEqual({ kind: 'partial', quantity: 120, deliveryDate: day('2026-06-10') });
  });

  it('"vorab 4 Kartons", "4 cartons de suite": packs sent first, in the PO\'s pack size', async () => {
    const packs = { packSize: 25 };
    expect(await read('Wir können vorab 4 Kartons liefern (Versand am Mittwoch), der Rest folgt Ende Juni.', packs))
      .toEqual({ kind: 'partial', quantity: 100, deliveryDate: day('2026-06-10') });
    expect(await read('Nous pouvons vous livrer 4 cartons de suite (départ mercredi 10 juin) ; le solde suivra fin juin.', packs))
      .toEqual({ kind: 'partial', quantity: 100, deliveryDate: day('2026-06-10') });
  });

  it('"nu 100 stuks leveren (woensdag), de overige 200 volgen": the Dutch rest, and a weekday in brackets after the delivery', async () => {
    expect(await read('We kunnen nu 100 stuks leveren (woensdag), de overige 200 volgen later.'))
      .toEqual({ kind: 'partial', quantity: 100, deliveryDate: day('2026-06-10') });
  });
});

describe('the rest refused, a counted lot coming (dev-additions-13 round)', () => {
  // 300 ordered; PO.receivedAt is Monday 8 June 2026.
  it('a lot on a day and the refused rest that make the ordered count between them are a delivery in part', async () => {
    expect(await read('We can ship the 120 units we have in stock on Wednesday 10 June. Unfortunately we won\'t be able to supply the remaining 180, the line is discontinued.'))
      .toEqual({ kind: 'partial', quantity: 120, deliveryDate: day('2026-06-10') });
  });

  it('without a lot that makes the count, or without a day for it, the refusal stands', async () => {
    expect(await read('We won\'t be able to supply the remaining 180 units, the line is discontinued.')).toEqual({ kind: 'refused' });
    expect(await read('We can ship 100 units on Wednesday 10 June. We won\'t be able to supply the remaining 180.')).toEqual({ kind: 'refused' });
    expect(await read('We have 120 units in stock. We won\'t be able to supply the remaining 180.')).toEqual({ kind: 'refused' });
  });
});

describe('a bare count sent now, the rest named beside it (dev-additions-13 round)', () => {
  it('"we can do 120 now and the rest next week" is a first lot of 120', async () => {
    expect(await read('We can do 120 now and the rest next week, the 120 go out on Wednesday\'s truck.'))
      .toEqual({ kind: 'partial', quantity: 120, deliveryDate: day('2026-06-10') });
    // Without the rest named, nothing says the 120 is a part of the order.
    expect(await read('We can do 120 now.')).toEqual({ kind: 'unclear' });
  });
});

describe('an estimate of the week, whatever its verb (dev-additions-13 round)', () => {
  // The PO asked for Friday 19 June 2026, in week 25.
  it('"your order is looking like week 26" is a delay when the week starts after the day asked for', async () => {
    expect(await read('Sorry, we are flat out here. Your order is looking like week 26.')).toEqual({ kind: 'delayed' });
    expect(await read('Looks like week 26 for your order, does that work?')).toEqual({ kind: 'unclear' });
  });
});

describe('a percentage written as a word', () => {
  it('a surcharge in "Prozent", "pour cent" or "percent" is a cost nobody approved, as with the sign', async () => {
    expect(await read('Wir bestätigen die Lieferung zum 17.06.2026; es kommt ein Energiezuschlag von 3 Prozent hinzu.')).toEqual({ kind: 'unclear' });
    expect(await read('Livraison confirmée le 17 juin 2026, avec une majoration de 2,5 pour cent sur la facture.')).toEqual({ kind: 'unclear' });
    expect(await read('Confirmed for June 17, 2026. A fuel surcharge of 4 percent will be added to the invoice.')).toEqual({ kind: 'unclear' });
  });

  it('a whole or a tolerance in words is no charge', async () => {
    expect(await read('Confirmed for June 17, 2026, 100 percent of the order from stock.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });
});

describe('a day the goods leave and a later day they arrive', () => {
  // PO.receivedAt is Monday 8 June 2026.
  it('the arrival is the delivery date, in any order of words', async () => {
    expect(await read('Order confirmed, it ships Monday 15 June and arrives at your warehouse on Wednesday 17 June.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Order confirmed. Goes out tomorrow, should be there Thursday.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
    expect(await read('Confirmamos su pedido, sale de fábrica el lunes 15 de junio y llega a sus instalaciones el miércoles 17 de junio.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });

  it('a day the goods are ready is not the day they reach the buyer', async () => {
    expect(await read('Sorry, the valves will not be ready until Thursday, a part is late. They will be with you on Friday.', { requestedDate: '2026-06-10' }))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-06-12') });
  });
});

describe('"we confirm" in Danish, Norwegian, Swedish, Finnish and Turkish', () => {
  it('confirms the order with the day it gives', async () => {
    expect(await read('Hej, vi bekræfter ordren med levering torsdag 11.06.2026.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
    expect(await read('Takk for bestillingen, vi bekrefter levering 11.06.2026.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
    expect(await read('Tack, vi bekräftar er beställning med leverans 11.06.2026.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
    expect(await read('Kiitos, vahvistamme tilauksenne, toimitus 11.06.2026.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
    expect(await read('Siparişinizi onaylıyoruz, ürünler 11.06.2026 tarihinde sevk edilecektir.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
  });

  it('a confirmation of receipt or one with a freight added is not a confirmation', async () => {
    expect(await read('Vi bekræfter hermed modtagelsen af jeres ordre.')).toEqual({ kind: 'unclear' });
    expect(await read('Siparişinizi aldığımızı teyit ederiz.')).toEqual({ kind: 'unclear' });
    expect(await read('Vi bekräftar er order, leverans 11.06.2026. Frakt 300 SEK tillkommer.')).toEqual({ kind: 'unclear' });
  });
});

describe('an EDI acknowledgement translated to text', () => {
  it('a field label with its qualifier code in brackets is read; the acknowledgement\'s own date is not the delivery', async () => {
    const text = [
      'PURCHASE ORDER ACKNOWLEDGMENT (855)',
      '',
      'PO Number: 88120        PO Date: 06/01/2026',
      'Ack Date: 06/08/2026',
      'Line 1  Qty: 300 EA  Price: 12.4000 USD/EA',
      '  Status: IA - Item Accepted',
      '  Scheduled Ship Date (010): 06/16/2026',
    ].join('\n');
    expect(await read(text, { currency: 'USD' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });
});

describe('a price cell that names the count its price is for', () => {
  const table = (price: string) => [
    'BESTÄTIGUNG / CONFIRMACIÓN 2026-5512',
    '',
    'Artículo  | Descripción        | Cantidad | Precio        | Fecha entrega',
    'AR-12     | Arandela M12 DIN 125 | 300    | ' + price + ' | 17/06/2026',
  ].join('\n');
  it('"1.240,00 €/100" is 12.40 a piece: the PO\'s price, so the table confirms', async () => {
    expect(await read(table('1.240,00 €/100'))).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });
  it('another price per hundred is a new unit price, divided by the hundred', async () => {
    expect(await read(table('1.310,00 €/100'))).toEqual({ kind: 'price_change', unitPrice: 13.1, deliveryDate: day('2026-06-17') });
  });
});

describe('what is promised "to you by" a day', () => {
  it('an answer, a quote or a date promised by a day is not the goods', async () => {
    expect(await read('We\'ll have an answer to you by Friday 12 June.')).toEqual({ kind: 'unclear' });
    expect(await read('I will get a firm date to you by Friday 12 June.')).toEqual({ kind: 'unclear' });
    expect(await read('We\'ll have the 40 brackets to you by Friday 12 June.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
  });
});

describe('the goods, however named, promised to the buyer by a day', () => {
  it('"we\'ll have the full 300 m of cable on your PO to you by Friday" confirms with that day', async () => {
    expect(await read('We\'ll have the full 300 m of 3-core cable on your PO to you by Friday 12 June.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
    expect(await read('We will have all 300 of the stainless hinges on your order with you on Thursday.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-11') });
  });
});

describe('a date field named, then what it is', () => {
  it('"the new ship date for your 300 pcs of 2-inch fittings is 6/26" is that day, counts between', async () => {
    expect(await read('Sorry, running behind on this one. The new ship date for your 300 pcs of 2-inch fittings is 6/26.', { currency: 'USD' }))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-06-26') });
  });
});

describe('a part of a month in Dutch', () => {
  it('"pas medio juli leveren" is a delay without a day when mid-July starts after the day asked for', async () => {
    expect(await read('Door een storing aan de machine kunnen wij de bestelling pas medio juli leveren.')).toEqual({ kind: 'delayed' });
    expect(await read('Wij kunnen helaas pas midden juli leveren.')).toEqual({ kind: 'delayed' });
  });
});

describe('a Euro pallet by its sides', () => {
  it('"EUR 1200 x 800" in a shipment notice is the pallet, not an amount in euros', async () => {
    const text = ['Lieferavis', '', 'Ihre Bestellung: 300 Stk Klemmleisten', '1 Palette (EUR 1200 x 800), 96 kg brutto.', 'Zustellung: Mittwoch, 17.06.2026.'].join('\n');
    expect(await read(text)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Wir bestätigen Ihre Bestellung zu EUR 1300 x 300 Stk, Lieferung 17.06.2026.')).toEqual({ kind: 'unclear' });
  });
});

describe('a request for the buyer\'s paperwork beside a confirmation', () => {
  it('asks nothing the order waits for', async () => {
    expect(await read('Thanks, we confirm delivery on 17 June 2026. Could you also send us your current tax exemption certificate for our records?'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });
  it('unless it holds the order or names its terms', async () => {
    expect(await read('Thanks, we confirm delivery on 17 June 2026. Could you send us your VAT number before we release the goods?')).toEqual({ kind: 'unclear' });
    expect(await read('Thanks, we confirm delivery on 17 June 2026. Could you send us your tax certificate, else a fee applies?')).toEqual({ kind: 'unclear' });
  });
});

describe('a date that reads two ways (dev-additions-17 round)', () => {
  // The mail came on Monday 2 March 2026 and the PO asks for Friday 10 April 2026.
  const spring = { receivedAt: '2026-03-02T08:00:00Z', requestedDate: '2026-04-10' };
  it('is unclear when the mail does not show the writer\'s convention and both readings are days the order allows', async () => {
    expect(await read('Hi, PO 771 is fine, delivery 03/04.', spring)).toEqual({ kind: 'unclear' });
    expect(await read('All set, we will ship on 04/03/2026.', spring)).toEqual({ kind: 'unclear' });
  });

  it('keeps the one reading the order allows, or the one the mail\'s way of writing dates shows', async () => {
    // 9 March or 3 September: only the first is before the day asked for.
    expect(await read('Hi, PO 771 is fine, delivery 09/03.', spring)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-03-09') });
    // 25/03/2026 reads one way only, so 03/04 is the 3rd of April.
    expect(await read('PO 771 is fine: booked 25/03/2026, delivery 03/04.', { ...spring, receivedAt: '2026-03-25T08:00:00Z' }))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-04-03') });
  });
});

describe('an instruction to change the PO, in the Nordic languages (dev-additions-17 round)', () => {
  it('"vänligen ändra beställningen till …" is no price change: the order cannot go on at the PO\'s price either', async () => {
    const sek = { unitPrice: 118, currency: 'SEK' } as const;
    expect(await read('Vänligen ändra beställningen till 126 kr/st, sedan levererar vi på fredag.', sek)).toEqual({ kind: 'unclear' });
    // The supplier's own new price stays a price change.
    expect(await read('Nytt pris: 126 kr/st för denna order.', sek)).toEqual({ kind: 'price_change', unitPrice: 126 });
    const dkk = { unitPrice: 118, currency: 'DKK' } as const;
    expect(await read('Venligst opdater ordren til 126 kr/stk, så sender vi varerne.', dkk)).toEqual({ kind: 'unclear' });
  });
});

describe('the English words of a refusal (dev-additions-17 round)', () => {
  it('an order cancelled by the supplier and not to be supplied, or one it will not take, is refused', async () => {
    expect(await read('Following the unpaid invoices on your account we have today cancelled order 5512 and won\'t be shipping it.')).toEqual({ kind: 'refused' });
    expect(await read('Apologies, but we can\'t take this order - our plant is booked solid for the season.')).toEqual({ kind: 'refused' });
    expect(await read('Unfortunately we no longer deliver to addresses outside the mainland.')).toEqual({ kind: 'refused' });
  });

  it('"won\'t be shipping" with a day or a price is no refusal', async () => {
    expect(await read('We won\'t be shipping it at the old price, the new rate is EUR 13.10 each.')).not.toEqual({ kind: 'refused' });
    expect(await read('We can\'t take the order before July, would that still work?')).toEqual({ kind: 'unclear' });
  });
});

describe('mail forwarded from any of the supplier\'s own teams (dev-additions-17 round)', () => {
  it('"see below from our sales office" hands on the supplier\'s own word', async () => {
    const text = [
      'Hello,', '', 'Please see below from our sales office regarding your PO.', '', 'Kind regards,', 'Marta', '',
      '---------- Forwarded message ----------', 'From: Sales Office <sales@example.test>', 'Date: Mon, 8 Jun 2026 08:02', 'Subject: PO 4410', 'To: Marta <marta@example.test>', '',
      'Marta,', 'For PO 4410 the new unit price is EUR 13.05, applying to this order.', 'Sales Office',
    ].join('\n');
    expect(await read(text)).toEqual({ kind: 'price_change', unitPrice: 13.05 });
  });
});

describe('a new price in Swedish, Danish and Norwegian (dev-additions-17 round)', () => {
  it('"priset blir", "prisen er nu", "nytt styckpris" state a new unit price for this order', async () => {
    const sek = { unitPrice: 118, currency: 'SEK' } as const;
    expect(await read('På grund av höjda fraktkostnader blir priset för er beställning 124,50 kr/st.', sek)).toEqual({ kind: 'price_change', unitPrice: 124.5 });
    const dkk = { unitPrice: 118, currency: 'DKK' } as const;
    expect(await read('Stykprisen på jeres ordre er nu 121,00 kr.', dkk)).toEqual({ kind: 'price_change', unitPrice: 121 });
    // A price the buyer is told to put on the PO stays no price change.
    expect(await read('Vänligen ändra ordern till 124,50 kr/st.', sek)).toEqual({ kind: 'unclear' });
  });
});

describe('a price per tonne for an order counted in kilos (dev-additions-17 round)', () => {
  it('is a thousand kilos\' price when the mail writes the ordered quantity in kg', async () => {
    const kilos = { unitPrice: 1.84, currency: 'EUR', quantity: 1500 } as const;
    expect(await read('For your order of 1.500 kg the new price is EUR 1.960,00 per tonne.', kilos)).toEqual({ kind: 'price_change', unitPrice: 1.96 });
    // Without the order's count in kilos the tonne is not known to be a thousand ordered units.
    expect(await read('The new price is EUR 1.960,00 per tonne.', kilos)).toEqual({ kind: 'unclear' });
  });
});

describe('part of the order sent, the numbered rest refused (dev-additions-17 round)', () => {
  it('"250 of the 300 … the remaining 50 we cannot supply" is a partial of the part that comes', async () => {
    expect(await read('We are sending 250 of the 300 pcs on 12 June. The remaining 50 have been discontinued and we cannot supply them.'))
      .toEqual({ kind: 'partial', quantity: 250, deliveryDate: day('2026-06-12') });
    expect(await read('Hoy despachamos 250 de las 300 piezas. Las 50 restantes están agotadas en fábrica y no podremos servirlas.'))
      .toEqual({ kind: 'partial', quantity: 250, deliveryDate: day('2026-06-08') });
    // The whole order refused stays a refusal.
    expect(await read('The item has been discontinued and we cannot supply any of the 300 pcs.')).toEqual({ kind: 'refused' });
  });
});

describe('the Italian words of a delivery in parts (dev-additions-17 round)', () => {
  it('"i restanti verranno spediti", counted in "cartoni", is a partial of the cartons that come', async () => {
    const cases = { quantity: 240, packSize: 24 } as const;
    expect(await read('Vi spediamo oggi 4 cartoni; i restanti verranno spediti la prossima settimana.', cases))
      .toEqual({ kind: 'partial', quantity: 96, deliveryDate: day('2026-06-08') });
  });
});

describe('what one pack holds is no count of the goods (dev-additions-17 round)', () => {
  it('"6 cartoni (da 24 pezzi)" beside a partial counts 6 cartons, not a lot of 24', async () => {
    const cases = { quantity: 240, packSize: 24 } as const;
    expect(await read('Spediamo oggi 6 cartoni (da 24 pezzi); i restanti verranno spediti la prossima settimana.', cases))
      .toEqual({ kind: 'partial', quantity: 144, deliveryDate: day('2026-06-08') });
  });
});

describe('the Turkish words of a delivery in parts (dev-additions-17 round)', () => {
  it('"300 adetin 120 adedi … kalan 180 adet … gönderilecek" is a partial of 120', async () => {
    const lira = { unitPrice: 12.4, currency: 'TRY' } as const;
    expect(await read('Siparişinizin 300 adetin 120 adedi 10.06.2026 tarihinde sevk edilecek; kalan 180 adet gelecek ay gönderilecektir.', lira))
      .toEqual({ kind: 'partial', quantity: 120, deliveryDate: day('2026-06-10') });
  });
});

describe('a part named against its whole when the PO\'s quantity is not beside the mail (dev-additions-17 round)', () => {
  it('"90 of the 150" is the part that comes now', async () => {
    const noQuantity = { quantity: undefined };
    expect(await read('We can let you have 90 of the 150 from stock today; the rest follows when production catches up.', noQuantity))
      .toMatchObject({ kind: 'partial', quantity: 90 });
  });
});

describe('the Norwegian and Danish words of a refusal (dev-additions-18 round)', () => {
  it('"kan dessverre ikke levere", "varen er utgått", "produceres ikke længere" refuse the order', async () => {
    const nok = { unitPrice: 890, currency: 'NOK' } as const;
    expect(await read('Hei! Beklager, men vi kan dessverre ikke levere denne bestillingen. Produktet er utgått.', nok)).toEqual({ kind: 'refused' });
    expect(await read('Hej. Artiklen produceres ikke længere, så vi kan desværre ikke levere jeres ordre.', { currency: 'DKK' })).toEqual({ kind: 'refused' });
  });
  it('"kan ikke levere før …" and "kan ikke levere hele" are no refusal', async () => {
    const nok = { unitPrice: 890, currency: 'NOK' } as const;
    expect(await read('Vi kan dessverre ikke levere før 26. juni.', nok)).not.toEqual({ kind: 'refused' });
    expect(await read('Vi kan ikke levere hele antallet nå.', nok)).not.toEqual({ kind: 'refused' });
  });
});

describe('the Romanian words of a refusal (dev-additions-18 round)', () => {
  it('"nu putem livra comanda", "nu mai este fabricat", "scos din fabricație" refuse the order', async () => {
    const lei = { unitPrice: 58, currency: 'RON' } as const;
    expect(await read('Din păcate nu putem livra această comandă: articolul a fost scos din fabricație.', lei)).toEqual({ kind: 'refused' });
    expect(await read('Vă informăm că modelul comandat nu mai este produs de furnizorul nostru.', lei)).toEqual({ kind: 'refused' });
  });
  it('"nu putem livra până la …" and "nu putem livra integral" are no refusal', async () => {
    const lei = { unitPrice: 58, currency: 'RON' } as const;
    expect(await read('Nu putem livra până la 26 iunie.', lei)).not.toEqual({ kind: 'refused' });
    expect(await read('Nu putem livra integral comanda acum.', lei)).not.toEqual({ kind: 'refused' });
  });
});

describe('a day by a word after words of the goods\' arrival is the arrival (dev-additions-18 round)', () => {
  // PO.receivedAt is Monday 8 June 2026.
  it('"shipped today … delivery tomorrow" is delivered tomorrow, not today', async () => {
    expect(await read('Your order went out today with DPD, tracking 0155 4412. Delivery tomorrow.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
    expect(await read('Votre commande a été expédiée aujourd\'hui par Colissimo. Livraison prévue demain.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
  });
});

describe('dates written CCYYMMDD in a date column or field, as EDI acknowledgements print them (dev-additions-18 round)', () => {
  const ack = (date: string) => [
    'PURCHASE ORDER ACKNOWLEDGMENT (855)',
    'PO Number: 88120   PO Date: 20260601',
    '',
    'Line  Part          Qty   UOM  Unit Price  Est Delivery Date',
    `0001  HX-2200-B     300   EA   12.40       ${date}`,
  ].join('\n');
  it('"20260617" under "Est Delivery Date" is 17 June 2026', async () => {
    expect(await read(ack('20260617'))).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Order acknowledgement for your PO.\nEst. Ship Date (068): 20260616')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });
  it('eight digits that are no calendar day are no date', async () => {
    expect(await read(ack('20261317'))).toEqual({ kind: 'confirmed' });
  });
});

describe('"the material" and "the consignment" name the goods, as Indian and British English write them (dev-additions-18 round)', () => {
  it('"the material … shall be dispatched tomorrow" confirms the order', async () => {
    expect(await read('Material is ready and shall be dispatched tomorrow.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
    expect(await read('The complete consignment is ready and shall be dispatched today by road.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-08') });
    expect(await read('Materials are packed and shall be delivered tomorrow.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
  });
  it('the material dispatched only once something is settled is still open', async () => {
    expect(await read('Material will be dispatched once we receive the revised PO.')).toEqual({ kind: 'unclear' });
    expect(await read('The material will be dispatched only after receipt of advance payment.')).toEqual({ kind: 'unclear' });
  });
});

describe('Hungarian dates: the year, the month\'s name and the day (dev-additions-18 round)', () => {
  const sense = { receivedAt: '2026-06-08T09:30:00Z' };
  const first = (s: string) => datesIn(s, sense).find((d) => d.iso)?.iso;
  it('"2026. június 17.", "2026. jún. 17-én" and "július 3-án" are days', () => {
    expect(first('Szállítási határidő: 2026. június 17.')).toBe(day('2026-06-17'));
    expect(first('A szállítás 2026. jún. 17-én történik.')).toBe(day('2026-06-17'));
    expect(first('Kiszállítás július 3-án.')).toBe(day('2026-07-03'));
  });
  it('a year followed by a count is no date', () => {
    expect(first('2026. 12 db')).toBeUndefined();
  });
});

describe('the Hungarian words of a confirmation (dev-additions-18 round)', () => {
  const huf = { unitPrice: 85, currency: 'HUF' } as const;
  it('"visszaigazoljuk", "megerősítjük" confirm the order', async () => {
    expect(await read('Köszönjük megrendelését, a rendelést visszaigazoljuk. Szállítás 2026. június 17-én.', huf))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Megerősítjük a megrendelést a megadott áron.', huf)).toEqual({ kind: 'confirmed' });
  });
  it('a confirmation of receipt confirms nothing', async () => {
    expect(await read('A megrendelés beérkezését visszaigazoljuk, a szállítási határidőt hamarosan jelezzük.', huf)).toEqual({ kind: 'unclear' });
  });
});

describe('goods that come "beyond" the day placed for are late (dev-additions-18 round)', () => {
  it('"approx. ten days beyond your required date" is a delay', async () => {
    expect(await read('Due to a shortage of castings the delivery will be approx. 10 days beyond the required date. We shall revert with the exact dispatch date.'))
      .toEqual({ kind: 'delayed' });
    expect(await read('Unfortunately delivery will go beyond your requested date by about a week.')).toEqual({ kind: 'delayed' });
  });
  it('a date after which something else follows is no delay', async () => {
    expect(await read('The invoice will follow after your delivery date.')).toEqual({ kind: 'unclear' });
  });
});

describe('an ERP table\'s "Commit Date" column is the day the supplier commits to (dev-additions-18 round)', () => {
  it('the committed day, not the requested one, is the delivery day', async () => {
    const table = [
      'We acknowledge your purchase order as below.',
      '',
      'Sr | Item Code | Qty | Rate (EUR) | Req. Date  | Committed Date',
      '1  | HX-2200-B | 300 | 12.40      | 19-06-2026 | 17-06-2026',
    ].join('\n');
    expect(await read(table)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });
});

describe('"can\'t hit your date", "unable to meet the required date" are words of a delay (dev-additions-18 round)', () => {
  it('a date not hit is a delay, though no new day is given yet', async () => {
    expect(await read('Sorry, we can\'t hit your date on this one.')).toEqual({ kind: 'delayed' });
    expect(await read('We are unable to meet the required date for this PO, our press is down.')).toEqual({ kind: 'delayed' });
  });
});

describe('"forwarding what our planner sent me" hands on the supplier\'s own side\'s mail (dev-additions-18 round)', () => {
  it('the forwarded mail of the supplier\'s own staff is read as the supplier\'s word', async () => {
    const mail = [
      'Hi, forwarding what our planner sent me this morning.',
      '',
      'Rob',
      '',
      '-----Original Message-----',
      'From: Patel, Nisha',
      'Sent: Monday, June 8, 2026 7:48 AM',
      'Subject: RE: your PO',
      '',
      'Rob - the line is down. We won\'t make the 19th; the goods will be with them on 24 June.',
    ].join('\n');
    expect(await read(mail)).toEqual({ kind: 'delayed', deliveryDate: day('2026-06-24') });
  });
  it('a forwarded mail the supplier does not hand on as its side\'s stays set aside', async () => {
    const mail = ['Hi, see below.', '', '-----Original Message-----', 'From: Buyer', 'Sent: Monday, June 8, 2026 7:48 AM', '', 'Can you confirm delivery on 17 June?'].join('\n');
    expect(await read(mail)).toEqual({ kind: 'unclear' });
  });
});

describe('the day the goods are made is not their day when a ship day follows it (dev-additions-18 round)', () => {
  it('"run them on the 22nd and ship on the 24th" is delivered on the 24th', async () => {
    expect(await read('Sorry, we won\'t make your date. We can run them on the 22nd and ship on the 24th.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-06-24') });
    expect(await read('Sorry, we won\'t make your date. Production is booked for 22 June, dispatch 24 June.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-06-24') });
  });
});

describe('a fixed-width row whose text runs into the next column (dev-additions-18 round)', () => {
  it('reads the figure that starts under the price header as the row\'s unit price', async () => {
    const table = [
      'Order acknowledgement',
      '',
      'Qty   Item      Description            Price     Total     Ship Date',
      '300   BR-220    Steel bracket 90mm galv 13.10     3930.00   16/06/2026',
    ].join('\n');
    expect(await read(table)).toEqual({ kind: 'price_change', unitPrice: 13.1, deliveryDate: day('2026-06-16') });
  });
});

describe('an order rounded up to full packs (dev-additions-18 round)', () => {
  it('is a count the PO does not state, not a limit "up to" it', async () => {
    const packs = { quantity: 300, packSize: 25 } as const;
    expect(await read('Confirmed for delivery on 16 June. Our boxes hold 25, so we rounded the order up to 13 boxes (325 pcs) at the same price.', packs))
      .toEqual({ kind: 'unclear' });
    // A limit stays a limit.
    expect(await read('Confirmed for delivery on 16 June. We can make up to 500 pcs a week.', packs))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });
});

describe('"next Thursday" that may be either of two Thursdays (dev-additions-18 round)', () => {
  it('is unclear when one reading is on time and the other after the day placed for', async () => {
    // Mail on Monday 8 June, placed for Friday 12 June: this week's Thursday (11th) or the next (18th).
    const monday = { receivedAt: '2026-06-08T09:30:00Z', requestedDate: '2026-06-12' };
    expect(await read('Your order is confirmed, we will deliver next Thursday.', monday)).toEqual({ kind: 'unclear' });
    // Both readings on time: a confirmation without a day.
    expect(await read('Your order is confirmed, we will deliver next Thursday.', { ...monday, requestedDate: '2026-06-26' })).toEqual({ kind: 'confirmed' });
  });
});

describe('an instruction to change the PO beside the price it names (dev-additions-18 round)', () => {
  it('is unclear, not a price change at that price', async () => {
    expect(await read('Our current price for this item is EUR 13.10 per piece. Please amend your order to EUR 13.10 and send it back to us, then we will schedule delivery.'))
      .toEqual({ kind: 'unclear' });
    // The price stated as the supplier's own, with no instruction to the buyer, stays a price change.
    expect(await read('Our current price for this item is EUR 13.10 per piece; we will deliver on 16 June.'))
      .toEqual({ kind: 'price_change', unitPrice: 13.1, deliveryDate: day('2026-06-16') });
  });
});

describe('a confirmation beside an instruction to change the PO (dev-additions-18 round)', () => {
  it('stays a confirmation of the order as placed', async () => {
    expect(await read('We confirm your order for delivery on 16 June. Please amend your order to EUR 13.10 per piece.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });
});

describe('a Portuguese value that moves to an amount per unit (dev-additions-18 round)', () => {
  it('"o valor passa a R$ 13,10 por unidade" is a price change at that price', async () => {
    const reais = { unitPrice: 12.4, currency: 'BRL' } as const;
    expect(await read('Devido ao aumento de custos, o valor passa a R$ 13,10 por unidade. Entrega mantida para 16/06/2026.', reais))
      .toEqual({ kind: 'price_change', unitPrice: 13.1, deliveryDate: day('2026-06-16') });
    // The order's value moving to a total is no unit price.
    expect(await read('Devido ao aumento de custos, o valor do pedido passa a R$ 3.930,00. Entrega mantida para 16/06/2026.', reais))
      .toEqual({ kind: 'unclear' });
  });
});

describe('a day and month spaced out without a year (dev-additions-18 round)', () => {
  it('"na 26. 6." after a word of a day is that day', async () => {
    expect(await read('Cena za kus se mění na 13,10 EUR a termín dodání se posouvá na 26. 6.'))
      .toEqual({ kind: 'price_change', unitPrice: 13.1, deliveryDate: day('2026-06-26') });
    // A price written with a dot is no day.
    expect(await read('Cena za kus se mění na 13.10 EUR.')).toEqual({ kind: 'price_change', unitPrice: 13.1 });
  });
});

describe('the stock the supplier sends is the lot that comes (dev-additions-18 round)', () => {
  it('"we have 180 pcs in stock which we\'ll ship Friday; the rest follows" is a partial of 180', async () => {
    expect(await read('We have 180 pcs in stock which we\'ll ship Friday. The rest will follow once production catches up.'))
      .toEqual({ kind: 'partial', quantity: 180, deliveryDate: day('2026-06-12') });
  });
});

describe('a discontinued item replaced by another (dev-additions-18 round)', () => {
  it('is a substitute offered, unclear, not a refusal', async () => {
    expect(await read('The item on your order is discontinued and has been superseded by part no. 7714-B at the same price, available for delivery on 16 June.'))
      .toEqual({ kind: 'unclear' });
    // Discontinued with no replacement stays a refusal.
    expect(await read('The item on your order is discontinued and we cannot supply it; there is no replacement.')).toEqual({ kind: 'refused' });
  });
});

describe('a pack price with the tax words between the amount and the pack (dev-additions-18 round)', () => {
  it('"60,00 € HT le carton de 48" is a pack price, converted to the ordered unit', async () => {
    const cartons = { unitPrice: 1.15, quantity: 960, packSize: 48 } as const;
    expect(await read('Le nouveau prix est de 60,00 € HT le carton de 48.', cartons)).toEqual({ kind: 'price_change', unitPrice: 1.25 });
    // A carton of another count than the PO's pack is for a person.
    expect(await read('Le nouveau prix est de 60,00 € HT le carton de 50.', cartons)).toEqual({ kind: 'unclear' });
  });
});

describe('a bare assent above the buyer\'s quoted mail (dev-additions-19 round)', () => {
  const under = (assent: string, ask: string) =>
    `${assent}\n\nMarta\n\nOn Mon, 8 Jun 2026 at 09:12, Buying <buying@example.com> wrote:\n> Hi Marta,\n> ${ask}\n> Thanks,\n> Tom`;
  it('confirms the order when the quoted mail asks for nothing but the order as placed', async () => {
    expect(await read(under('Yep, fine by us.', 'Please can you confirm our order for 300 pcs of M8x40 bolts at €12.40 each, delivery by 19 June?')))
      .toEqual({ kind: 'confirmed' });
    expect(await read(under('ok, noted. Cheers', 'Could you confirm PO 4471 as placed, delivery by 17 June?'), { poNumber: '4471' }))
      .toEqual({ kind: 'confirmed' });
  });
  it('stays unclear when the quoted mail names another price, count or day, or asks more', async () => {
    expect(await read(under('Yep, fine by us.', 'Please can you confirm our order for 300 pcs at €11.90 each, delivery by 19 June?'))).toEqual({ kind: 'unclear' });
    expect(await read(under('Yep, fine by us.', 'Please can you confirm our order for 250 pcs at €12.40 each, delivery by 19 June?'))).toEqual({ kind: 'unclear' });
    expect(await read(under('Yep, fine by us.', 'Please can you confirm our order for 300 pcs at €12.40 each, delivery by 26 June?'))).toEqual({ kind: 'unclear' });
    expect(await read(under('Yep, fine by us.', 'Please can you confirm our order for 300 pcs, delivery by Friday?'))).toEqual({ kind: 'unclear' });
    expect(await read(under('Yep, fine by us.', 'Can you confirm the order and could you ship it sooner?'))).toEqual({ kind: 'unclear' });
    expect(await read(under('Yep, fine by us.', 'Please can you confirm our order for 300-350 pcs?'))).toEqual({ kind: 'unclear' });
    // A "yes" to whether the order was received, or cancelled, is no confirmation of it.
    expect(await read(under('Yes, thanks.', 'Can you confirm you received our order for 300 pcs at €12.40?'))).toEqual({ kind: 'unclear' });
    expect(await read(under('Yes, that\'s fine.', 'Can you confirm the order is cancelled?'))).toEqual({ kind: 'unclear' });
    // Words of the supplier's own beside the assent, or no quoted mail at all: a person reads it.
    expect(await read(under('Yep, fine by us, but freight is extra.', 'Please can you confirm our order for 300 pcs at €12.40 each?'))).toEqual({ kind: 'unclear' });
    expect(await read('Yep, fine by us.')).toEqual({ kind: 'unclear' });
  });
});

describe('a Hungarian delivery in part (dev-additions-19 round)', () => {
  it('"darab/darabot" counts the goods and "a maradék/a fennmaradó" is the rest that follows', async () => {
    expect(await read('A megrendelt 300 darab szelepből 120 darabot június 12-én szállítunk, a fennmaradó 180 darab július elején érkezik.'))
      .toEqual({ kind: 'partial', quantity: 120, deliveryDate: day('2026-06-12') });
    expect(await read('Június 15-én 200 darabot tudunk küldeni, a maradék 100 db később jön.'))
      .toEqual({ kind: 'partial', quantity: 200, deliveryDate: day('2026-06-15') });
  });
});

describe('a French price that "passe à" a new amount (dev-additions-19 round)', () => {
  it('"Le prix unitaire passe à 4,20 €" is a price change', async () => {
    expect(kindOf(['Le prix unitaire passe à 4,20 €.'])).toBe('price_change');
    expect(kindOf(['Le prix unitaire passe de 3,95 € à 4,20 €.'])).toBe('price_change');
    expect(await read('Le prix unitaire passe à 4,20 €.', { unitPrice: 3.95 })).toEqual({ kind: 'price_change', unitPrice: 4.2 });
    // "passe à l'atelier" after a price is no change of it.
    expect(kindOf(['Le prix reste inchangé ; la commande passe à l\'atelier demain.'])).not.toBe('price_change');
  });
});

describe('a Portuguese demand for payment before dispatch (dev-additions-19 replies)', () => {
  it('"pagamento antecipado", "adiantado" or "mediante pagamento" before the goods leave is unclear', async () => {
    const brl = { unitPrice: 12.4, currency: 'BRL' } as const;
    expect(await read('Pedido aceito. O envio será feito somente após pagamento adiantado do valor total; despachamos no dia 15/06.', brl))
      .toEqual({ kind: 'unclear' });
    expect(await read('Confirmamos a encomenda. Por favor note que exigimos pagamento prévio; expedimos a 12 de junho.', brl))
      .toEqual({ kind: 'unclear' });
    expect(await read('Pedido recebido. A mercadoria será liberada mediante pagamento do boleto; entrega prevista em 16/06.', brl))
      .toEqual({ kind: 'unclear' });
    // Payment terms after delivery are no demand before dispatch.
    expect(await read('Pedido confirmado, pagamento a 30 dias. Entrega prevista em 16/06.', brl))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });
});

describe('Portuguese days of delivery and "só" before a day (dev-additions-19 replies)', () => {
  it('a bare day after "previsão de entrega:", "prazo de entrega" or "prevista em" is the delivery', async () => {
    const brl = { unitPrice: 12.4, currency: 'BRL' } as const;
    expect(await read('Confirmamos o pedido. Previsão de embarque: 15/06.', brl)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-15') });
    expect(await read('Confirmamos o pedido; prazo de entrega 17/06.', brl)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Pedido confirmado. Entrega prevista em 16/06.', brl)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
  });
  it('"só" before the day the goods can leave or arrive is a delay', async () => {
    expect(await read('Por falta de matéria-prima, a encomenda só poderá ser entregue a 29 de junho.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-06-29') });
    expect(await read('Infelizmente só conseguimos enviar no dia 30/06.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-06-30') });
    expect(await read('A mercadoria só estará disponível a partir de 2 de julho.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-07-02') });
    // "só" before a count is a smaller lot, not a later day; without "só" a day before the one asked for confirms.
    expect(await read('A encomenda será expedida a 15 de junho.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-15') });
    expect((await read('Temos só 200 peças em stock, seguem a 15 de junho.')).kind).not.toBe('delayed');
  });
});

describe('an order summary\'s "Extended" line total (dev-additions-19 replies)', () => {
  it('"Extended: $612.00" beside the PO\'s unit price is the line\'s total, not a price', async () => {
    const usd = { unitPrice: 10.2, currency: 'USD', quantity: 60 } as const;
    expect(await read('Thanks for the order. Qty 60 EA | Unit price: $10.20 | Extended: $612.00\nEst. ship date: 06/16/2026', usd))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
    expect(await read('Order entered: qty 60, unit price $10.20, extended price $612.00. Estimated ship date 06/17/2026.', usd))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    // A unit price other than the PO's beside it is never read as the order confirmed.
    expect((await read('Thanks for the order. Qty 60 EA | Unit price: $10.90 | Extended: $654.00\nEst. ship date: 06/16/2026', usd)).kind).not.toBe('confirmed');
  });
});

describe('an item that "is now" an amount, a pack price with a tax note, a "revised rate" (dev-additions-19 replies)', () => {
  const carton = { unitPrice: 1.5, currency: 'AUD', quantity: 240, packSize: 12 } as const;
  it('reads the new price of a pack, a tax note between the amount and the pack word', async () => {
    expect(await read('Order\'s fine, but the hand towels are now $19.20 +GST per carton of 12.', carton)).toEqual({ kind: 'price_change', unitPrice: 1.6 });
    expect(await read('Going ahead with it - those wipes have gone up to $19.80 ex GST a carton though.', carton)).toEqual({ kind: 'price_change', unitPrice: 1.65 });
    expect(await read('Please note the revised unit rate of AUD 1.70 per piece for this order.', carton)).toEqual({ kind: 'price_change', unitPrice: 1.7 });
  });
  it('"is now" without money, or the PO\'s own pack price, is no new price', async () => {
    expect(kindOf(['Your order is now ready for dispatch.'])).not.toBe('price_change');
    expect(kindOf(['The lead time is now 3 weeks.'])).not.toBe('price_change');
    expect(await read('Confirmed at $18.00 +GST per carton of 12, delivery Friday 12 June.', carton)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
  });
});

describe('a day the goods are given after a closure, by a weekday after a shipped count, by Dutch "gaan mee" (dev-additions-19 replies)', () => {
  it('"closed …, so the shipment can go on <day>": the goods\' day, not the closure\'s', async () => {
    expect(await read('Our works are shut for stocktake from 15 to 19 June, so the shipment will go out on 24 June.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-06-24') });
    expect(await read('We are closed 10-12 June for a holiday, therefore delivery of your order will be on 16 June.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-16') });
    // A closure notice with no day given as its consequence for the goods gives none.
    expect((await read('Please note we are closed for the holiday from 22 to 26 June.')).kind).toBe('unclear');
  });
  it('a weekday after "ship/send <count> …" is that lot\'s day', async () => {
    // PO.receivedAt is Monday 8 June 2026.
    expect(await read('We can send 200 of the 300 valves Thursday, the other 100 are on backorder.')).toEqual({ kind: 'partial', quantity: 200, deliveryDate: day('2026-06-11') });
    expect(await read('We will ship all 300 pcs Friday.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
    // Sending an answer on a weekday names no day of the goods.
    expect(await read('We will send the revised quote Friday.')).toEqual({ kind: 'unclear' });
  });
  it('Dutch "gaan/gaat morgen mee", "vertrekt vandaag": the goods leave that day', async () => {
    expect(await read('Je bestelling gaat morgen mee met de vrachtwagen.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
    expect(await read('Deellevering: 200 van de 300 stuks vertrekken vandaag, de overige 100 volgen later.')).toEqual({ kind: 'partial', quantity: 200, deliveryDate: day('2026-06-08') });
    expect(await read('Morgen gaan we de planning bekijken.')).toEqual({ kind: 'unclear' });
  });
});

describe('a Czech delivery in part (dev-additions-19 replies)', () => {
  it('the counted rest ("zbývajících/zbylých N ks") or a shipment called partial makes the lot that goes now a partial', async () => {
    expect(await read('Dnes odesíláme 180 ks, zbylých 120 ks pošleme příští týden.'))
      .toEqual({ kind: 'partial', quantity: 180, deliveryDate: day('2026-06-08') });
    expect(await read('Zítra expedujeme 250 ks; zbývající 50 ks dodáme do konce června.'))
      .toEqual({ kind: 'partial', quantity: 250, deliveryDate: day('2026-06-09') });
    expect(kindOf(['Jedná se o částečnou dodávku, zbytek bude následovat.'])).toBe('partial');
    expect(kindOf(['Dílčí zásilka odešla dnes.'])).toBe('partial');
    // The whole order leaving today is no partial: it confirms.
    expect(await read('Dnes expedujeme celou objednávku, 300 ks.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-08') });
  });
});

describe('weekdays in Polish, Swedish, Turkish and Hungarian (dev-additions-19 replies)', () => {
  // PO.receivedAt is Monday 8 June 2026.
  const sense = { receivedAt: PO.receivedAt, dayFirst: true };
  const isos = (s: string) => datesIn(s, sense).map((d) => d.iso);
  it('a weekday in the form for "on" or "by" it is the next such day', () => {
    expect(isos('Towar wyślemy we wtorek.')).toEqual([day('2026-06-09')]);
    expect(isos('Dostawa najpóźniej do piątku.')).toEqual([day('2026-06-12')]);
    expect(isos('Leveransen kommer till fredag.')).toEqual([day('2026-06-12')]);
    expect(isos('Sipariş perşembe günü yola çıkacak.')).toEqual([day('2026-06-11')]);
    expect(isos('Cumaya kadar teslim edilecektir.')).toEqual([day('2026-06-12')]);
    expect(isos('Az árut szerdán adjuk fel.')).toEqual([day('2026-06-10')]);
    expect(isos('Péntekig megérkezik.')).toEqual([day('2026-06-12')]);
  });
  it('is no day when named within next week, or when its date follows it', () => {
    expect(isos('Wyślemy w przyszłym tygodniu w środę.').filter(Boolean)).toEqual([]);
    expect(isos('A jövő héten kedden érkezik.').filter(Boolean)).toEqual([]);
    expect(isos('Vi skickar på torsdag den 18 juni.')).toEqual([day('2026-06-18')]);
  });
  it('with words of the goods sent, confirms the order for that day', async () => {
    expect(await read('Vi skickar hela ordern på onsdag med DHL.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-10') });
    expect(await read('A rendelést pénteken kiszállítjuk.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
    expect(await read('Siparişinizin tamamı bugün kargoya verilmiştir.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-08') });
    // A quote sent, the goods not sent, or not sent that day: no confirmation.
    expect(await read('Vi skickar en offert på onsdag.')).toEqual({ kind: 'unclear' });
    expect(await read('A rendelést kedden nem szállítjuk.')).toEqual({ kind: 'unclear' });
    expect(await read('Siparişiniz bugün gönderilemedi.')).toEqual({ kind: 'unclear' });
  });
});

describe('a Turkish delay (dev-additions-19 replies)', () => {
  it('"gecikecektir", "ertelendi" delay the order; "gecikme olmadan" does not', async () => {
    expect(await read('Sevkiyatınız yaklaşık bir hafta gecikecektir.')).toEqual({ kind: 'delayed' });
    expect(kindOf(['Siparişinizin sevki ertelendi.'])).toBe('delayed');
    expect(await read('Siparişiniz herhangi bir gecikme olmadan cuma günü sevk edilecektir.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-12') });
  });
});

describe('a Hungarian acknowledgement with its date year first (dev-additions-19 replies)', () => {
  it('"visszaigazolunk" confirms and "2026. 06. 17." is one date', async () => {
    expect(await read('Köszönjük a megrendelést, amelyet ezúton visszaigazolunk. Szállítási határidő: 2026. 06. 17.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    expect(await read('Megrendelését visszaigazoljuk. Szállítási határidő: 2026. 06. 26.'))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-06-26') });
    // A receipt acknowledged is no acceptance.
    expect(await read('A megrendelés beérkezését visszaigazoljuk, a határidőt később közöljük.')).toEqual({ kind: 'unclear' });
  });
});

describe('a Czech new price per thousand beside the old one (dev-additions-19 replies)', () => {
  const czk = { unitPrice: 12.4, currency: 'CZK' } as const;
  it('"nová cena za 1000 ks činí …" is a price change per unit; the price "dříve" is the old one', async () => {
    expect(await read('Od června se cena mění: nová cena za 1000 ks činí 13 100 Kč (dříve 12 400 Kč) a platí i pro tuto objednávku.', czk))
      .toEqual({ kind: 'price_change', unitPrice: 13.1 });
    expect(await read('Objednávku potvrzujeme za cenu 12 400 Kč za 1000 ks, termín dodání 17. 6.', czk)).not.toMatchObject({ kind: 'price_change' });
    expect(kindOf(['Cena zůstává stejná jako dříve.'])).not.toBe('price_change');
  });
  it('a day after "termín expedice" or "termín dodání" is a date', () => {
    expect(datesIn('Termín expedice 17. 6.', { receivedAt: PO.receivedAt }).map((d) => d.iso)).toEqual([day('2026-06-17')]);
    expect(datesIn('Termín dodání: 22. 6.', { receivedAt: PO.receivedAt }).map((d) => d.iso)).toEqual([day('2026-06-22')]);
  });
});

describe('a quote or an invoice sent is no shipment, in Turkish and Hungarian (dev-additions-19 replies)', () => {
  it('"elküldjük", "gönderilmiştir" confirm only when the goods are what is sent', async () => {
    expect(await read('A rendelést holnap elküldjük.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-09') });
    expect(await read('Az árajánlatot holnap elküldjük.')).toEqual({ kind: 'unclear' });
    expect(await read('Holnap elküldjük a számlát.')).toEqual({ kind: 'unclear' });
    expect(await read('Teklifimiz bugün gönderilmiştir.')).toEqual({ kind: 'unclear' });
  });
});

describe('a price per a bigger measure of the PO\'s unit of measure', () => {
  const kilos = { unitPrice: 82, currency: 'INR', quantity: 2000, unit: 'kg' } as const;
  it('a price per tonne on an order counted in kg is that price per kilo', async () => {
    expect(await read('Revised rate INR 84,500 per MT ex-works for this order.', kilos)).toEqual({ kind: 'price_change', unitPrice: 84.5 });
    const euros = { unitPrice: 1.18, quantity: 2000, unit: 'kg' } as const;
    expect(await read('Owing to resin costs the price for this order is now € 1.240 / t.', euros)).toEqual({ kind: 'price_change', unitPrice: 1.24 });
    expect(await read('Pour votre commande, le prix passe à 1 310,00 € la tonne.', euros)).toEqual({ kind: 'price_change', unitPrice: 1.31 });
    expect(await read('Für diese Bestellung gilt ab sofort ein Preis von 1.275,00 € je Tonne.', euros)).toEqual({ kind: 'price_change', unitPrice: 1.275 });
    expect(await read('El nuevo precio para este pedido es de 1.295 € por tonelada.', euros)).toEqual({ kind: 'price_change', unitPrice: 1.295 });
    expect(await read('New price for this order: EUR 1,260.00 per 1,000 kg.', euros)).toEqual({ kind: 'price_change', unitPrice: 1.26 });
    // The PO's own price per tonne is no change.
    expect(await read('Confirmed at EUR 1,180 per tonne, as on your PO.', euros)).toEqual({ kind: 'confirmed' });
  });

  it('a price per 100 m or per km on an order counted in metres is that price per metre', async () => {
    const metres = { unitPrice: 2.35, quantity: 1500, unit: 'm' } as const;
    expect(await read('The cable price for this order goes up to EUR 248.00 per 100 m.', metres)).toEqual({ kind: 'price_change', unitPrice: 2.48 });
    expect(await read('Unfortunately the price for this order is now € 2,510 per km.', metres)).toEqual({ kind: 'price_change', unitPrice: 2.51 });
  });

  it('a price per tonne or per metre on an order counted in pieces does not convert', async () => {
    const pieces = { unitPrice: 1.18, quantity: 2000, unit: 'pcs' } as const;
    expect((await read('Owing to resin costs the price for this order is now € 1.240 / t.', pieces)).unitPrice).toBeUndefined();
    expect((await read('Revised rate INR 84,500 per MT ex-works for this order.', { ...kilos, unit: 'pcs' })).unitPrice).toBeUndefined();
    expect((await read('The price for this order goes up to EUR 1.24 per m.', pieces)).unitPrice).toBeUndefined();
    // A price per kilo on an order of metres is no price of a metre either.
    expect((await read('The price for this order is now EUR 1.24/kg.', { ...pieces, unit: 'm' })).unitPrice).toBeUndefined();
  });

  it('a count in tonnes on an order in kg, or in km on one in metres, is counted in the PO\'s unit', async () => {
    const kilos5t = { unitPrice: 1.18, quantity: 5000, unit: 'kg' } as const;
    expect(await read('We can ship 3 t today, the remaining 2 t follow next week.', kilos5t)).toMatchObject({ kind: 'partial', quantity: 3000 });
    expect(await read('Only 3 MT available now; the balance of 2 MT will follow on 22 June.', kilos5t)).toMatchObject({ kind: 'partial', quantity: 3000 });
    expect(await read('Confirmed: 5 MT HDPE granulate, delivery 15 June.', kilos5t)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-15') });
    // A whole order confirmed for another weight than ordered is for a person.
    expect(await read('Confirmed: 4 MT HDPE granulate, delivery 15 June.', kilos5t)).toEqual({ kind: 'unclear' });
    const cable = { unitPrice: 2.35, quantity: 2000, unit: 'm' } as const;
    expect(await read('We can ship 1.5 km today; the remaining 500 m will follow next week.', cable)).toMatchObject({ kind: 'partial', quantity: 1500 });
  });

  it('the reader is told the unit the PO\'s quote counts in, and only when the quote says', () => {
    const s = replyWaiting(ordered(), 'x');
    const inKg = { ...s, quotes: s.quotes!.map((q) => (q.quoteId === s.po!.quoteId ? { ...q, unit: 'kg' } : q)) };
    expect(replyContext(inKg, 'EUR')).toMatchObject({ unit: 'kg', quantity: s.po!.quantity });
    expect(replyContext(s, 'EUR')).not.toHaveProperty('unit');
  });

  it('the Claude reader\'s request names the unit, and the scripted model reads it back', () => {
    const request = (context: ReplyContext) => ({ index: 0, at: 0, headers: {}, body: buildReaderRequest('Confirmed.', context, 'claude-test') });
    const kg = request({ ...PO, quantity: 2000, unit: 'kg' });
    expect(turnText(kg)).toContain('It orders 2000 kg.');
    expect(contextOf(kg)).toMatchObject({ quantity: 2000, unit: 'kg' });
    const packed = request({ ...PO, quantity: 240, unit: 'pcs', packSize: 12 });
    expect(turnText(packed)).toContain('It orders 240 pcs (the supplier packs 12 pcs to a pack).');
    expect(contextOf(packed)).toMatchObject({ quantity: 240, unit: 'pcs', packSize: 12 });
    const units = request(PO);
    expect(turnText(units)).toContain('It orders 300 units.');
    expect(contextOf(units)).toMatchObject({ quantity: 300 });
    expect(contextOf(units)).not.toHaveProperty('unit');
  });
});
