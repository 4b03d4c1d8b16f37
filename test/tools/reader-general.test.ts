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
