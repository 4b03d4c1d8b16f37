import { describe, expect, it } from 'vitest';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { ReplyContext } from '../../src/domain/world.js';

// Delays, dates and notices in everyday words: an invitation to object, a span behind, a price
// notice that leaves this order out. Mail written here, not taken from the labelled corpora.

const PO: ReplyContext = { unitPrice: 9.6, currency: 'GBP', quantity: 250, requestedDate: '2026-06-19', receivedAt: '2026-06-08T09:30:00Z' };
const read = (text: string, context: Partial<ReplyContext> = {}) => patternReader.read(text, {}, { ...PO, ...context });
const day = (d: string) => `${d}T00:00:00.000Z`;

describe('an invitation to object leaves the supplier\'s terms settled', () => {
  it('"let me know if that\'s a problem", "if that\'s an issue call me" ask nothing the order waits for', async () => {
    expect(await read('Earliest we can manage is to have them to you by Wed 24 June. Let me know if that\'s a problem.'))
      .toEqual({ kind: 'delayed', deliveryDate: day('2026-06-24') });
    expect(await read('We confirm delivery on 17 June. If that is an issue call me before Friday.')).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    // A question about what the buyer wants is still open.
    expect(await read('We can deliver on 24 June or split it. Let me know if that works for you.')).toEqual({ kind: 'unclear' });
  });
});

describe('a delay by a span, in everyday words', () => {
  it('"running a fortnight behind", "later than the date you asked for" are delays without a day', async () => {
    expect(await read('We are running a fortnight behind on the coating line, sorry.')).toEqual({ kind: 'delayed' });
    expect(await read('Your order will land later than the date you asked for. I\'ll confirm a firm date as soon as the line is clear.')).toEqual({ kind: 'delayed' });
  });
});

describe('a price notice that leaves this order out', () => {
  it('"a price rise on 1 July - this order isn\'t affected" says nothing of this order', async () => {
    expect(await read('Order confirmed, with you Wednesday 17 June. Heads up: a price rise comes in on 1 July 2026 - this order isn\'t affected, new price list to follow.'))
      .toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
    // Said to affect this order, it leaves the order's price open.
    expect(await read('Order confirmed, with you Wednesday 17 June. Heads up: a price rise comes in on 1 July 2026 - this order is affected too.'))
      .toEqual({ kind: 'unclear' });
  });
});

describe('counts in Polish and Indian English', () => {
  it('"wysyłamy 150 z 250 szt." is a partial of 150', async () => {
    expect(await read('Z zamówienia wysyłamy 150 z 250 szt. w dniu 17.06.2026. Pozostałe 100 szt. dostarczymy w lipcu.', { currency: 'PLN' }))
      .toEqual({ kind: 'partial', quantity: 150, deliveryDate: day('2026-06-17') });
  });

  it('"Lot 1 : 100 nos. on 17.06.2026" is the first lot\'s count', async () => {
    const text = 'Against your PO for 250 nos., the material shall be dispatched in two lots as under:\nLot 1 : 100 nos. on 17.06.2026\nLot 2 : 150 nos. on 01.07.2026';
    expect(await read(text)).toEqual({ kind: 'partial', quantity: 100, deliveryDate: day('2026-06-17') });
  });
});

describe('the rest and the day in a dispatch note\'s words', () => {
  it('"Pending quantity will be dispatched shortly" is the rest of a partial, not a question', async () => {
    const text = 'Dispatch details for your PO:\n\nItem Code | Qty Ordered | Qty Dispatched | Pending\nVB-300    | 250         | 100            | 150\n\nDate of dispatch : 17.06.2026\n\nPending quantity will be dispatched shortly.';
    expect(await read(text)).toEqual({ kind: 'partial', quantity: 100, deliveryDate: day('2026-06-17') });
  });

  it('"ship date still 6/17" is the day kept', async () => {
    expect(await read('Got the PO. Ship date still 6/17.', { currency: 'USD' })).toEqual({ kind: 'confirmed', deliveryDate: day('2026-06-17') });
  });
});
