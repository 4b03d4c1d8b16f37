import { beforeAll, describe, expect, it } from 'vitest';
import { MailLog } from '../../src/mail/log.js';
import { openRecords, type PurchaseRecords } from '../../src/records/store.js';
import { recordsLocations } from '../support/records.js';
import { fileScope } from '../support/sandbox.js';

const { cleanup: afterFile } = fileScope();

const received = (id: string, status: 'delivered' | 'held' | 'refused', receivedAt: string) => ({
  id, messageId: `${id}@acme.example`, receivedAt, status, reason: `why ${id}`, from: 'orders@acme.example', supplier: 'acme-industrial',
  poNumber: null, subject: `subject ${id}`, sizeBytes: 100, attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', size: 3 }], text: 'words',
});

describe.each(recordsLocations(afterFile))('the mail log in %s', (_name, where) => {
  let records: PurchaseRecords;
  let log: MailLog;
  beforeAll(async () => {
    records = await openRecords(await where());
    afterFile(() => records.close());
    log = new MailLog(records.db);
  });

  it('finds the PO of a thread by the first Message-ID the agent sent, and the last mail about a PO', async () => {
    const sent = (messageId: string, poNumber: string, sentAt: string) => log.sent({ messageId, poNumber, supplier: 'acme-industrial', kind: 'order', toAddress: 'orders@acme.example', subject: `Purchase order ${poNumber}`, sentAt });
    await sent('order.PO-A-1.x@buyer.example', 'PO-A-1', '2026-11-10T09:00:00.000Z');
    await sent('chase.PO-A-1.y@buyer.example', 'PO-A-1', '2026-11-12T09:00:00.000Z');
    await sent('order.PO-B-1.z@buyer.example', 'PO-B-1', '2026-11-11T09:00:00.000Z');
    // Sent again after a retry: one entry.
    await sent('order.PO-A-1.x@buyer.example', 'PO-A-1', '2026-11-10T09:05:00.000Z');
    expect((await log.poOfThread(['someone-else@acme.example', 'order.PO-B-1.z@buyer.example', 'order.PO-A-1.x@buyer.example']))?.poNumber).toBe('PO-B-1');
    expect(await log.poOfThread(['nobody@x'])).toBeNull();
    expect(await log.poOfThread([])).toBeNull();
    expect((await log.lastAbout('PO-A-1'))?.messageId).toBe('chase.PO-A-1.y@buyer.example');
    expect(await log.wasSent('order.PO-A-1.x@buyer.example')).toBe(true);
    expect(await log.wasSent('order.PO-C-1.x@buyer.example')).toBe(false);
  });

  it('keeps every mail received, one entry per message counting its attempts, newest first by status', async () => {
    await log.received(received('m1', 'held', '2026-11-10T09:00:00.000Z'));
    await log.received(received('m2', 'refused', '2026-11-10T10:00:00.000Z'));
    await log.received(received('m3', 'held', '2026-11-10T11:00:00.000Z'));
    await log.received({ ...received('m1', 'delivered', '2026-11-10T12:00:00.000Z'), reason: 'delivered (replenish-A-1)' });
    expect((await log.list('held')).map((m) => m.id)).toEqual(['m3']);
    expect((await log.list()).map((m) => [m.id, m.status, m.attempts])).toEqual([['m1', 'delivered', 2], ['m3', 'held', 1], ['m2', 'refused', 1]]);
    expect((await log.list('refused'))[0]).toMatchObject({ reason: 'why m2', attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', size: 3 }], sizeBytes: 100, text: 'words' });
    expect(await log.list(undefined, 1)).toHaveLength(1);
  });

  it('a mail that reached its run stays delivered when a retry of it is refused or held', async () => {
    // A provider retries a mail whose answer it lost; by then the retry may be refused (say, its verdict
    // header is missing). The run has the mail: the log must not say it was bounced.
    await log.received({ ...received('m9', 'delivered', '2026-11-11T09:00:00.000Z'), reason: 'delivered (replenish-A-1)' });
    await log.received(received('m9', 'refused', '2026-11-11T09:05:00.000Z'));
    await log.received(received('m9', 'held', '2026-11-11T09:10:00.000Z'));
    expect((await log.list()).find((m) => m.id === 'm9')).toMatchObject({ status: 'delivered', reason: 'delivered (replenish-A-1)', attempts: 3 });
  });

  it('a mail refused before its PO was found, then delivered on a retry, names the supplier and PO it reached', async () => {
    // The first attempt came without the provider's verdict (refused before the PO is looked for);
    // the provider's retry passed and reached PO-A-1's run. The log of delivered mail must say where.
    await log.received({ ...received('m10', 'refused', '2026-11-12T09:00:00.000Z'), supplier: null, poNumber: null });
    await log.received({ ...received('m10', 'delivered', '2026-11-12T09:05:00.000Z'), poNumber: 'PO-A-1', reason: 'delivered (replenish-A-1)' });
    // A later retry refused again before the PO is looked for keeps what the delivery found.
    await log.received({ ...received('m10', 'refused', '2026-11-12T09:10:00.000Z'), supplier: null, poNumber: null });
    expect((await log.list('delivered')).find((m) => m.id === 'm10'))
      .toMatchObject({ status: 'delivered', supplier: 'acme-industrial', poNumber: 'PO-A-1', reason: 'delivered (replenish-A-1)', attempts: 3 });
  });
});
