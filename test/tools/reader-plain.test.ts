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
