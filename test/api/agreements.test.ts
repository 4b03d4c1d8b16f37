import { beforeAll, describe, expect, it } from 'vitest';
import { afterThisFile, startStack, type Stack } from '../support/stack.js';
import { parseDirectory, type SupplierDirectory } from '../../src/mail/directory.js';

/** A valid agreement for a SKU of the sandbox, with a field replaced. */
const body = (o: Record<string, unknown> = {}) => ({
  supplier: 'quickparts', validFrom: '2026-01-01', validUntil: '2099-12-31', leadTimeDays: 1,
  lines: [{ sku: 'TAPE-50', unitPrice: 2.3, quantity: 200, moq: 10, orderMultiple: 10 }], ...o,
});

describe('blanket agreements over HTTP', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ temporal: 'dev', cleanup: afterThisFile, inProcessWorker: false, security: { managerLimits: { dana: 100_000 } } });
  });

  it.each([
    ['an unknown SKU', body({ lines: [{ sku: 'NO-SUCH-SKU', unitPrice: 1, quantity: 5 }] }), /^lines\.0\.sku: unknown SKU NO-SUCH-SKU$/],
    ['an unknown supplier', body({ supplier: 'nobody-ltd' }), /^supplier: unknown supplier nobody-ltd \(known: acme-industrial, quickparts, budget-supply\)$/],
    ['until before from', body({ validFrom: '2027-06-01', validUntil: '2027-05-31' }), /^validUntil: validUntil must come after validFrom$/],
    ['an until that has passed', body({ validFrom: '2020-01-01', validUntil: '2020-12-31' }), /^validUntil: 2020-12-31 has passed/],
    ['a date that is no date', body({ validFrom: 'next monday' }), /^validFrom: a day \(2026-11-30\) or a date-time with its offset/],
    ['a day the calendar does not have', body({ validUntil: '2027-02-30' }), /^validUntil: 2027-02-30 is not a day of the calendar$/],
    // Kept in whole cents, 1e308 became Infinity, which JSON writes as null: the list of agreements then answered 500.
    ['a total value past any purchase', body({ totalValue: 1e308 }), /^totalValue: at most 100,000,000,000$/],
    ['a unit price past any purchase', body({ lines: [{ sku: 'TAPE-50', unitPrice: 1e300, quantity: 5 }] }), /^lines\.0\.unitPrice: at most 100,000,000,000$/],
    ['a price of 0', body({ lines: [{ sku: 'TAPE-50', unitPrice: 0, quantity: 5 }] }), /^lines\.0\.unitPrice: unitPrice must be above 0$/],
    ['a negative quantity', body({ lines: [{ sku: 'TAPE-50', unitPrice: 2, quantity: -5 }] }), /^lines\.0\.quantity: quantity must be above 0$/],
    ['a fractional quantity', body({ lines: [{ sku: 'TAPE-50', unitPrice: 2, quantity: 2.5 }] }), /^lines\.0\.quantity: quantity must be a whole number$/],
    ['another currency', body({ currency: 'EUR' }), /^currency: this service buys in USD, not EUR$/],
    ['nothing that limits a line', body({ lines: [{ sku: 'TAPE-50', unitPrice: 2 }] }), /^lines: every line needs a quantity unless the agreement has a totalValue/],
    ['a SKU twice', body({ lines: [{ sku: 'TAPE-50', unitPrice: 2, quantity: 5 }, { sku: 'TAPE-50', unitPrice: 3, quantity: 5 }] }), /^lines: each SKU may appear once/],
    ['no lines', body({ lines: [] }), /^lines: an agreement covers at least one SKU$/],
    ['an approval mode it does not know', body({ approval: 'never' }), /^approval: approval is 'once' .* or 'each-order'$/],
    ['a field it does not know', body({ discount: 5 }), /Unrecognized key/],
    // Lines no order could draw on were approved and listed as active; every replenishment then went on asking suppliers.
    ['a line holding fewer units than one order under it', body({ lines: [{ sku: 'TAPE-50', unitPrice: 2.3, quantity: 5, moq: 10 }] }),
      /^lines\.0\.quantity: 5 units are fewer than the smallest order under this line \(10: its moq 10\): no order could draw on it$/],
    ['a total value below the smallest order of a line', body({ totalValue: 10, lines: [{ sku: 'TAPE-50', unitPrice: 2.3, moq: 12, orderMultiple: 10 }] }),
      /^totalValue: 10 is less than the smallest order of TAPE-50 under it \(20 at 2\.3 = 46\): no order of it could draw on the agreement$/],
    // Past the year 9999 an instant's ISO string sorts before every other one.
    ['a date-time after the year 9999', body({ validUntil: '9999-12-31T23:00:00-05:00' }), /^validUntil: 9999-12-31T23:00:00-05:00 is after the year 9999$/],
  ])('%s is a 400 saying what is wrong, and no agreement is made', async (_what, sent, message) => {
    const before = (await stack.api('GET', '/agreements')).body.items.length;
    const res = await stack.authed('POST', '/agreements', sent);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatch(message);
    expect((await stack.api('GET', '/agreements')).body.items).toHaveLength(before);
  });

  it('without a manager\'s token nothing is approved; above the manager\'s approval limit it is a 403', async () => {
    expect((await stack.api('POST', '/agreements', body())).status).toBe(401);
    const over = await stack.authed('POST', '/agreements', body({ lines: [{ sku: 'TAPE-50', unitPrice: 2.3, quantity: 50_000 }] }));
    expect(over.status).toBe(403);
    expect(over.body.error).toBe('the agreement may commit 115000.00 USD, above your approval limit of 100000.00 USD');
  });

  it('an approved agreement is listed with what remains and its status, read by id, and cancelled once', async () => {
    const made = await stack.authed('POST', '/agreements', body({ note: 'tape for 2026' }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.agreementId as string;
    expect(made.body).toMatchObject({
      supplier: 'quickparts', currency: 'USD', approval: 'once', status: 'active', approvedBy: 'dana', validFrom: '2026-01-01T00:00:00.000Z',
      validUntil: '2100-01-01T00:00:00.000Z', totalValue: null, remainingValue: null, note: 'tape for 2026',
      lines: [{ sku: 'TAPE-50', unitPrice: 2.3, moq: 10, orderMultiple: 10, quantity: 200, drawnQuantity: 0, remainingQuantity: 200 }],
    });
    expect((await stack.api('GET', '/agreements?sku=TAPE-50&status=active')).body.items.map((a: { agreementId: string }) => a.agreementId)).toContain(id);
    expect((await stack.api('GET', `/agreements/${id}`)).body).toMatchObject({ agreementId: id, draws: [] });
    expect((await stack.api('GET', '/agreements/BA-00000000')).status).toBe(404);
    expect((await stack.api('GET', '/agreements/42')).status).toBe(400);
    expect((await stack.api('GET', '/agreements?status=sleeping')).status).toBe(400);

    expect((await stack.authed('POST', `/agreements/${id}/cancel`, {})).status).toBe(400);
    const cancelled = await stack.authed('POST', `/agreements/${id}/cancel`, { reason: 'supplier changed its range' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledBy: 'dana', cancelReason: 'supplier changed its range' });
    const again = await stack.authed('POST', `/agreements/${id}/cancel`, { reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(new RegExp(`^agreement ${id} was cancelled at .* by dana$`));
    expect((await stack.api('GET', '/agreements?status=cancelled')).body.items.map((a: { agreementId: string }) => a.agreementId)).toEqual([id]);
  });

  it('9999-12-31, the date many systems write for "no end", is a valid until: the agreement is active, not refused as ending before it begins', async () => {
    // It was a 400 "validUntil must come after validFrom": the day after it, in the year 10000, is
    // written "+010000-01-01…", which sorts before 2026.
    const made = await stack.authed('POST', '/agreements', body({ validUntil: '9999-12-31' }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ status: 'active', validFrom: '2026-01-01T00:00:00.000Z', validUntil: '9999-12-31T23:59:59.999Z' });
    expect((await stack.api('GET', `/agreements/${made.body.agreementId as string}`)).body).toMatchObject({ status: 'active' });
  });
});

describe('a supplier reached only by mail', () => {
  it('is a supplier an agreement may name', async () => {
    const directory = parseDirectory('mail-only-metals:orders@mail-only-metals.example') as SupplierDirectory;
    const stack = await startStack({
      temporal: 'dev', cleanup: afterThisFile, inProcessWorker: false, security: { managerLimits: { dana: 100_000 } },
      mail: { inbound: { secret: 'a-webhook-secret-of-this-test', directory, maxBytes: 1024 * 1024 } },
    });
    const made = await stack.authed('POST', '/agreements', body({ supplier: 'mail-only-metals' }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ supplier: 'mail-only-metals', status: 'active' });
  });
});
