import { describe, expect, it } from 'vitest';
import { createClaudeReader } from '../../src/activities/reader/claude.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { ReplyContext } from '../../src/domain/world.js';
import { reportReply, startFakeModel } from '../support/fake-model.js';

// Mail as suppliers send it, read with what a clerk has beside it: the PO's price, quantity and
// pack, the day the order was placed for, and when the mail came. One describe per class of
// misread; each example is written here, apart from the labelled corpora.

const PO: ReplyContext = { unitPrice: 0.42, currency: 'EUR', quantity: 2000, requestedDate: '2026-05-15', receivedAt: '2026-05-04T09:12:00Z' };
const read = (text: string, context: Partial<ReplyContext> = {}) => patternReader.read(text, {}, { ...PO, ...context });
const day = (d: string) => `${d}T00:00:00.000Z`;

describe('money does not move without a person', () => {
  it('a confirmation that adds a percentage or a fee is unclear', async () => {
    expect(await read('We confirm your order for delivery on 12 May 2026. A raw-material surcharge of 4.5% applies to all deliveries this quarter.')).toEqual({ kind: 'unclear' });
    expect(await read('Order confirmed, ships 2026-05-11. Please note a small-order handling fee of EUR 35.00 will be added to the invoice.')).toEqual({ kind: 'unclear' });
  });

  it('a fee in an acknowledgement table is unclear, whatever the words say', async () => {
    const text = [
      'ORDER ACKNOWLEDGEMENT',
      '',
      'Ln  Item       Description             Qty    UoM   Unit Price   Ext',
      '1   WSH-M8     Washer M8 DIN 125      2000    PC         0.42   840.00',
      '2   FRT        Freight surcharge          1    EA        48.00    48.00',
      '',
      'Promised ship date: 12.05.2026',
    ].join('\n');
    expect(await read(text)).toEqual({ kind: 'unclear' });
  });

  it('a price per pack is a unit price only through the PO\'s pack size or the count the mail writes for the pack', async () => {
    const perBox = 'We confirm the order. Price per box of 100 is now 46,00 €; dispatch on 11.05.2026.';
    expect(await read(perBox, { packSize: 100 })).toEqual({ kind: 'price_change', unitPrice: 0.46, deliveryDate: day('2026-05-11') });
    // Without a pack size on the PO, the box's written count converts it.
    expect(await read(perBox)).toEqual({ kind: 'price_change', unitPrice: 0.46, deliveryDate: day('2026-05-11') });
    // A box of another count than the PO's pack: which pack is meant is for a person.
    expect(await read(perBox, { packSize: 50 })).toEqual({ kind: 'unclear' });
    // A box with no count written and no pack size on the PO does not convert.
    expect(await read('We confirm the order. Price per box is now 46,00 €; dispatch on 11.05.2026.')).toEqual({ kind: 'unclear' });
    // The box price that is the PO's price per unit changes nothing.
    expect(await read('Confirmed: 20 boxes at 42,00 € per box, delivery 12.05.2026.', { packSize: 100 })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
  });

  it('a price in cents is that many hundredths', async () => {
    expect(await read('Sorry, the washers are 46 cents each now. Ships May 12.', { currency: 'USD' }))
      .toEqual({ kind: 'price_change', unitPrice: 0.46, deliveryDate: day('2026-05-12') });
    expect(await read('Wir liefern am 12.05.2026, allerdings zu 45 ct/Stk.')).toEqual({ kind: 'price_change', unitPrice: 0.45, deliveryDate: day('2026-05-12') });
    // Pence are written onto the digits in British mail.
    expect(await read('Afraid these are now 46p each rather than 42p - plating has gone up. Delivery as planned on 12 May.', { currency: 'GBP' }))
      .toEqual({ kind: 'price_change', unitPrice: 0.46, deliveryDate: day('2026-05-12') });
  });

  it('a price said to be agreed with someone in the buyer\'s purchasing is not the supplier\'s to state', async () => {
    expect(await read('Confirmed at the revised price of 0.47 agreed with Mark in purchasing last week, ships 5/12.', { currency: 'USD' })).toEqual({ kind: 'unclear' });
  });
});

describe('an order is not put at risk by numbers that are not its price', () => {
  it('a price rise from a later date that does not cover this delivery leaves the order as confirmed', async () => {
    const text = 'We confirm your order, delivery on 12 May 2026. Please note that from 1 September 2026 our list prices rise by 6%.';
    expect(await read(text)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
  });

  it('an amount that starts after this delivery is not this order\'s price; one that starts before it is', async () => {
    expect(await read('Confirmed, delivery on 12 May 2026. From 1 September 2026 the unit price of this article rises to €0.46.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    expect(await read('Confirmed for delivery on 12 May 2026. Please note our price for 2027: €0.47 per piece.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    expect(await read('Delivery on 12 May 2026. From 1 May 2026 the unit price is €0.45.'))
      .toEqual({ kind: 'price_change', unitPrice: 0.45, deliveryDate: day('2026-05-12') });
  });

  it('a ready-for-dispatch note full of counts and weights is a confirmation', async () => {
    const text = 'Your order is packed and ready for dispatch: 4 pallets, 120 x 80 cm, 612 kg gross (2000 pcs, 500 per pallet). Collection is booked for 2026-05-08.';
    expect(await read(text)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-08') });
  });
});

describe('the plan follows what the supplier commits to', () => {
  it('a confirmation that promises a later day than the order was placed for is a delay', async () => {
    expect(await read('Happy to confirm your order. Earliest delivery we can offer is 22 May 2026.')).toEqual({ kind: 'delayed', deliveryDate: day('2026-05-22') });
    expect(await read('Happy to confirm your order. Delivery on 14 May 2026.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-14') });
  });

  it('"8 of the 12" is a partial of 8', async () => {
    expect(await read('We can ship 8 of the 12 gearboxes on 2026-05-12; the other 4 follow later this month.', { quantity: 12 }))
      .toEqual({ kind: 'partial', quantity: 8, deliveryDate: day('2026-05-12') });
  });

  it('a line table with shipped and back-ordered columns is a partial of what ships', async () => {
    const text = [
      'SHIP NOTICE',
      'Ship date: 05/07/2026      Carrier: UPS Freight',
      '',
      'Line | Item    | Ordered | Shipped | Backordered | Unit Price',
      '1    | WSH-M8  | 2,000   | 1,400   | 600         | 0.42',
      '',
      'Backordered items will ship when stock arrives.',
    ].join('\n');
    expect(await read(text, { currency: 'USD' })).toEqual({ kind: 'partial', quantity: 1400, deliveryDate: day('2026-05-07') });
  });

  it('an announced split delivery is a partial of the first lot', async () => {
    expect(await read('We will split your order: 1200 pcs on 12 May 2026 and the remaining 800 pcs two weeks later.'))
      .toEqual({ kind: 'partial', quantity: 1200, deliveryDate: day('2026-05-12') });
  });
});

describe('dates are read as the mail means them', () => {
  it('a date without a year is the next such day after the mail came', async () => {
    expect(await read('Confirmed, delivery on 12 May.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    expect(await read('Bestätigt, Lieferung am 8. Januar.', { receivedAt: '2026-12-18T10:00:00Z', requestedDate: '2027-01-15' }))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2027-01-08') });
  });

  it('"today" dates a dispatch, not the day a price starts', async () => {
    expect(await read('Confirmed: all 2,000 pcs are shipped today.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-04') });
    expect(await read('Our new unit price for this item is €0.45 from today.')).toEqual({ kind: 'price_change', unitPrice: 0.45 });
  });

  it('a US supplier writes the month first; ordinals are dates', async () => {
    expect(await read('Your order will ship 05/11/2026.', { currency: 'USD' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-11') });
    expect(await read('Good news, it will be delivered on May 12th.', { currency: 'USD' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    expect(await read('Confirmamos su pedido, entrega el 12 de mayo.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
  });

  it('a holiday closure and the quoted thread hold no delivery date', async () => {
    const text = [
      'We confirm the order; the goods will be delivered on 13 May 2026.',
      '',
      'Please note our warehouse is closed from 24/12/2026 to 02/01/2027.',
      '',
      'On Mon, 4 May 2026 at 08:01, Buyer <buyer@example.com> wrote:',
      '> Please deliver by 2026-05-15.',
    ].join('\n');
    expect(await read(text)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-13') });
  });

  it('an acknowledgement table\'s requested and promised columns are told apart', async () => {
    const text = [
      'AUFTRAGSBESTÄTIGUNG 26-4410',
      '',
      'Pos\tArtikel\tMenge\tPreis/Stk\tWunschtermin\tLiefertermin',
      '10\tScheibe M8\t2.000\t0,42 €\t15.05.2026\t20.05.2026',
    ].join('\n');
    expect(await read(text)).toEqual({ kind: 'delayed', deliveryDate: day('2026-05-20') });
  });
});

describe('plainly stated mail is read without a person', () => {
  it('an ERP acknowledgement at the PO\'s price is a confirmation', async () => {
    const text = [
      'SALES ORDER ACKNOWLEDGEMENT  SO 118220',
      '',
      'Item        Description          Qty   UOM   Unit Price   Amount     Promise Date',
      'WSH-M8      Washer M8          2,000   EA         0.42    840.00     05/12/2026',
    ].join('\n');
    expect(await read(text, { currency: 'USD' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
  });

  it('an acknowledgement table whose price is above the PO is a price change at that price', async () => {
    const text = [
      'Order confirmation',
      '',
      'Item | Qty | Unit price | Amount | Delivery',
      'WSH-M8 | 2000 | 0.47 | 940.00 | 2026-05-12',
    ].join('\n');
    expect(await read(text)).toEqual({ kind: 'price_change', unitPrice: 0.47, deliveryDate: day('2026-05-12') });
  });

  it('a shipment notice gives the estimated delivery', async () => {
    const text = 'Your order has shipped!\nTracking: 1Z 999 AA1 01 2345 6784\nEstimated delivery: Tue, May 12, 2026\nQuestions? Call 1-800-555-0100.';
    expect(await read(text, { currency: 'USD' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
  });

  it('European thousands, a French refusal, old and new price in one sentence', async () => {
    expect(await read('Nous confirmons votre commande au prix unitaire de 1 250,00 € HT, soit 2 500 000,00 € HT. Livraison le 12/05/2026.', { unitPrice: 1250 }))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    expect(await read('Nous ne sommes malheureusement pas en mesure d\'accepter votre commande : cet article n\'est plus fabriqué.')).toEqual({ kind: 'refused' });
    expect(await read('The unit price goes from €0.42 to €0.45 for this order; delivery 12 May 2026.'))
      .toEqual({ kind: 'price_change', unitPrice: 0.45, deliveryDate: day('2026-05-12') });
  });
});

describe('the Claude reader ends with the same rule', () => {
  it('a confirmation it reports from a mail whose table charges freight is unclear', async () => {
    const text = 'Order confirmed.\n\nItem | Qty | Unit price | Amount\nWSH-M8 | 2000 | 0.42 | 840.00\nFreight charge | 1 | 48.00 | 48.00';
    const fake = await startFakeModel([reportReply({ kind: 'confirmed', evidence: { kind: 'Order confirmed.' } })]);
    const reader = createClaudeReader({ apiKey: 'sk-test', model: 'claude-test', baseURL: fake.url, timeoutMs: 5_000, fallback: patternReader });
    expect(await reader.read(text, {}, PO)).toEqual({ kind: 'unclear' });
  });

  it('a price it reports from a sentence that starts after this delivery is dropped', async () => {
    const text = 'We confirm your order, delivery on 12 May 2026. From 1 September 2026 the unit price rises to €0.46.';
    const fake = await startFakeModel([reportReply({
      kind: 'price_change', unitPrice: 0.46, evidence: { kind: 'From 1 September 2026 the unit price rises to €0.46.', unitPrice: 'From 1 September 2026 the unit price rises to €0.46.' },
    })]);
    const reader = createClaudeReader({ apiKey: 'sk-test', model: 'claude-test', baseURL: fake.url, timeoutMs: 5_000, fallback: patternReader });
    expect((await reader.read(text, {}, PO)).unitPrice).toBeUndefined();
  });

  it('a confirmation it reports at a later day than the order was placed for is a delay', async () => {
    const text = 'We confirm your order. Delivery on 22 May 2026.';
    const fake = await startFakeModel([reportReply({
      kind: 'confirmed', deliveryDate: '2026-05-22', evidence: { kind: 'We confirm your order.', deliveryDate: 'Delivery on 22 May 2026.' },
    })]);
    const reader = createClaudeReader({ apiKey: 'sk-test', model: 'claude-test', baseURL: fake.url, timeoutMs: 5_000, fallback: patternReader });
    expect(await reader.read(text, {}, PO)).toEqual({ kind: 'delayed', deliveryDate: day('2026-05-22') });
  });
});

describe('money the order does not account for is for a person', () => {
  it('an amount by a name no fee list knows is unclear; the order\'s own total, with or without tax, is not', async () => {
    expect(await read('Commande confirmée, livraison le 12/05. Une contribution énergie de 45,00 € sera ajoutée à la facture.')).toEqual({ kind: 'unclear' });
    expect(await read('Votre commande étant sous le franco de 1 000 €, des frais de port de 18,00 € HT s\'appliquent. Livraison le 12/05.')).toEqual({ kind: 'unclear' });
    expect(await read('Wir bestätigen 2.000 Stück zu 0,42 €, Nettowert 840,00 €, zzgl. 19 % MwSt. 159,60 €, Liefertermin 12.05.2026.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    expect(await read('Confirmed: 2,000 pcs, order value €840.00, free delivery above €500.00, arriving 12 May 2026.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
  });

  it('a dollar sign between two columns belongs to the price after it', async () => {
    const row = 'WSH-M8 Washer M8 zinc 2000 $0.42 $840.00';
    expect(await read(`Your order is confirmed and ships 05/12/2026.\n\n${row}`, { currency: 'USD' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
  });

  it('the Claude reader\'s confirmation of a mail that adds an unnamed amount is unclear', async () => {
    const text = 'We confirm your order for 12 May 2026. A pallet deposit of €24.00 applies.';
    const fake = await startFakeModel([reportReply({ kind: 'confirmed', deliveryDate: '2026-05-12', evidence: { kind: 'We confirm your order for 12 May 2026.', deliveryDate: 'We confirm your order for 12 May 2026.' } })]);
    const reader = createClaudeReader({ apiKey: 'sk-test', model: 'claude-test', baseURL: fake.url, timeoutMs: 5_000, fallback: patternReader });
    expect(await reader.read(text, {}, PO)).toEqual({ kind: 'unclear' });
  });
});

describe('what an order is not told', () => {
  it('two lots that make up the order between them are a partial of the first', async () => {
    expect(await read('Buen día, enviamos 1200 piezas el lunes 11 y 800 piezas el viernes 15. Saludos.'))
      .toMatchObject({ kind: 'partial', quantity: 1200 });
  });

  it('a price notice for next year, and its "from then" price, leave a confirmation as it is', async () => {
    expect(await read('Order confirmed, ships 12 May 2026. Please note our 2027 price increase of 5% takes effect January 1. New unit price from then: €0.44.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
  });

  it('a discontinued item with a successor offered is a refusal, not a price change', async () => {
    for (const text of [
      'Item WSH-M8 was discontinued last month. Its successor WSH-M8B is priced at €0.55 each.',
      'Sorry, WSH-M8 is end of life. Replacement part WSH-M8B, €0.55/ea, ships in 5 days.',
      'We no longer stock the WSH-M8. The WSH-M8B is €0.55.',
    ]) expect(await read(text)).toEqual({ kind: 'refused' });
  });

  it('a receipt with a confirmation to follow confirms nothing yet', async () => {
    expect(await read('Thank you, we have received your purchase order and it is being processed. You will receive an order confirmation shortly.')).toEqual({ kind: 'unclear' });
    expect(await read('Ihre Bestellung ist bei uns eingegangen. Die Auftragsbestätigung mit Liefertermin erhalten Sie separat.\n\nLiefertermin gewünscht: 15.05.2026')).toEqual({ kind: 'unclear' });
  });

  it('two days offered as a choice are for a person', async () => {
    expect(await read('Wir bestätigen Ihre Bestellung und liefern voraussichtlich am 12.05.2026 oder am 19.05.2026.')).toEqual({ kind: 'unclear' });
  });

  it('the day the buyer asked for is not the one promised, nor the one a delay moves to', async () => {
    expect(await read('Confirmamos su pedido con entrega el 13/05 (solicitado para el 15/05).')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-13') });
    expect(await read('Order 4500012345 acknowledged. Requested date 15.05.2026. Confirmed date: 13.05.2026.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-13') });
    expect(await read('Leider kann der gewünschte Liefertermin 15.05.2026 wegen eines Maschinenausfalls nicht gehalten werden; neuer Termin ist der 22.05.2026.'))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-05-22') });
    expect(await read('We will deliver on your requested date of 15 May 2026, as confirmed.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-15') });
  });
});

describe('plain mail in the words people use', () => {
  it('a day given for the goods, with nothing against it and no money in the mail, is the promise', async () => {
    expect(await read('All sorted on PO 4471. ETA your dock: Tuesday 12 May, AM.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    expect(await read('Bestellung 4471 passt, Anlieferung am Dienstag, den 12. zwischen 7 und 12 Uhr.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    // A price in a sentence set aside (a claim about the buyer's side) is no confirmation's.
    expect(await read('Your manager signed off on a price increase to €0.48 per unit on this order. Delivery remains 12 May 2026.')).toEqual({ kind: 'unclear' });
  });

  it('working days and the end of a week are counted from the mail', async () => {
    // The mail came on Monday 4 May 2026.
    expect(await read('Ware ist am Lager, Ihre Bestellung ist innerhalb von 3 Arbeitstagen bei Ihnen.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-07') });
    expect(await read('Commande confirmée, livraison fin de semaine prochaine.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-15') });
    expect(await read('Pedido confirmado, entrega en 7 días hábiles.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-13') });
  });

  it('a refusal bounded by a closure is a delay; a holiday\'s dates are not the delivery\'s', async () => {
    expect(await read('Nous ne pourrons malheureusement pas livrer votre commande avant la fermeture estivale. Livraison début juin.')).toMatchObject({ kind: 'delayed' });
    expect(await read('Wir bestätigen Ihre Bestellung. Aufgrund unserer Betriebsferien (bis einschließlich 20.05.) ist der früheste Liefertermin der 22.05.'))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-05-22') });
  });

  it('two days promised for the same goods are for a person; an invoice\'s due day is no promise', async () => {
    expect(await read('Nous confirmons votre commande, livraison le 12/05. Livraison prévue à votre quai le 14/05.')).toEqual({ kind: 'unclear' });
    expect(await read('We will deliver on 12 May to your site. Our invoice will be due 30 days from delivery, i.e. 11 June.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
  });

  it('an offer of a partial delivery asks; it states nothing yet', async () => {
    expect(await read('Wäre eine Teillieferung von 800 Stück am 12.05. für Sie in Ordnung? Den Rest könnten wir dann in KW 22 liefern.')).toEqual({ kind: 'unclear' });
  });

  it('lots in metres or kilograms, and the cases that remain, make a partial', async () => {
    expect(await read('We\'ll split this into two lots:\n\n  Lot 1 - 1,200 m - delivery Tue 12 May\n  Lot 2 - 800 m - delivery Tue 26 May', { quantity: 2000 }))
      .toEqual({ kind: 'partial', quantity: 1200, deliveryDate: day('2026-05-12') });
    expect(await read('Despachamos hoy 50 cajas de tu OC. Las 30 cajas restantes salen la semana próxima.', { quantity: 2000, packSize: 25 }))
      .toMatchObject({ kind: 'partial', quantity: 1250 });
  });

  it('a bounce of the buyer\'s own mail confirms nothing, whatever day it quotes', async () => {
    expect(await read('Delivery has failed to these recipients or groups:\n\norders@supplier.example\n\nOriginal message:\nPlease supply 2000 washers, delivery required by 15/05/2026.')).toEqual({ kind: 'unclear' });
  });
});

describe('a reply about another order is not this one\'s', () => {
  const ours = { poNumber: 'PO-25-4471' };
  it('a confirmation that names only the buyer\'s other orders is unclear; one that names this one, however written, is not', async () => {
    expect(await read('We confirm your PO 25-4470, delivery on 12 May 2026.', ours)).toEqual({ kind: 'unclear' });
    expect(await read('Nous confirmons votre commande n° PO-25-4470, livraison le 12/05.', ours)).toEqual({ kind: 'unclear' });
    expect(await read('We confirm your PO 25-4471, delivery on 12 May 2026.', ours)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    expect(await read('Ihre Bestellung Nr. PO254471 bestätigen wir zum 12.05.2026.', ours)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    // The supplier's own numbers are not the buyer's orders.
    expect(await read('Sales order SO-88231 confirms your order PO-25-4471; delivery 12 May 2026.', ours)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
  });

  it('a confirmation of the consolidated PO the order was placed on as a line is this order\'s; another consolidated PO is not', async () => {
    const line = { poNumber: 'PO-WSH-M8-3', groupPoNumber: 'SPO-acme-industrial-12' };
    expect(await read('We confirm your order SPO-acme-industrial-12, delivery on 12 May 2026.', line)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    expect(await read('We confirm your order SPO-acme-industrial-11, delivery on 12 May 2026.', line)).toEqual({ kind: 'unclear' });
    // Read without the consolidated PO (an order of its own), the same words are about another order.
    expect(await read('We confirm your order SPO-acme-industrial-12, delivery on 12 May 2026.', { poNumber: line.poNumber })).toEqual({ kind: 'unclear' });
  });

  it('the supplier\'s own document numbers and the order\'s dates are no other orders, so what follows them is still this order\'s news', async () => {
    const claude = async (text: string, kind: string, deliveryDate: string, dateSaid: string) => {
      const fake = await startFakeModel([reportReply({ kind: 'confirmed', deliveryDate, evidence: { kind, deliveryDate: dateSaid } })]);
      const reader = createClaudeReader({ apiKey: 'sk-test', model: 'claude-test', baseURL: fake.url, timeoutMs: 5_000, fallback: patternReader });
      return reader.read(text, {}, { ...PO, ...ours });
    };
    // A number inside another ("LFP-OC-260120-1", a portal's confirmation number) is not an "OC", a buyer's order.
    expect(await claude('Your purchase order PO-25-4471 has been confirmed.\nConfirmation #: LFP-OC-260120-1\nConfirmed on: 6 May 2026\nDelivery date: 12 May 2026',
      'Confirmed on: 6 May 2026', '2026-05-12', 'Delivery date: 12 May 2026')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    // "Fecha pedido: 07/04/2026" is the order's date, not an order numbered 07/04/2026.
    expect(await claude('Su pedido: PO-25-4471 Fecha pedido: 04/05/2026\nQueda confirmado su pedido.\nFecha de entrega: 12/05/2026',
      'Queda confirmado su pedido.', '2026-05-12', 'Fecha de entrega: 12/05/2026')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    // "ACCUSÉ DE RÉCEPTION DE COMMANDE N° ARC-26-118": the supplier's acknowledgement, its words more than twenty letters long.
    expect(await claude('ACCUSÉ DE RÉCEPTION DE COMMANDE N° ARC-26-118\nVotre commande : PO-25-4471\nNous confirmons votre commande, livraison le 12/05/2026.',
      'Nous confirmons votre commande, livraison le 12/05/2026.', '2026-05-12', 'Nous confirmons votre commande, livraison le 12/05/2026.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
    // A buyer's other order still is one.
    expect(await read('Your PO-25-4471 ships 12 May 2026. Your PO 25-4470 we cannot supply.', ours)).toEqual({ kind: 'confirmed', deliveryDate: day('2026-05-12') });
  });

  it('the Claude reader\'s confirmation of another PO is unclear too', async () => {
    const text = 'We confirm your PO 25-4470, delivery on 12 May 2026.';
    const fake = await startFakeModel([reportReply({ kind: 'confirmed', deliveryDate: '2026-05-12', evidence: { kind: text, deliveryDate: text } })]);
    const reader = createClaudeReader({ apiKey: 'sk-test', model: 'claude-test', baseURL: fake.url, timeoutMs: 5_000, fallback: patternReader });
    expect(await reader.read(text, {}, { ...PO, ...ours })).toEqual({ kind: 'unclear' });
  });
});
