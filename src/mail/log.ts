import type { Selectable } from 'kysely';
import type { MailReceivedTable, RecordsDb } from '../records/database.js';
import { jsonColumn, readEach, type OnDamaged } from '../records/rows.js';
import type { Attachment } from './read-mail.js';

/** What became of a mail that reached the inbound route. */
export const MAIL_STATUSES = ['delivered', 'held', 'refused'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface MailSent { messageId: string; poNumber: string; supplier: string; kind: string; toAddress: string; subject: string; sentAt: string }

export interface MailReceived {
  /** sha256 of the message's bytes: the same message sent again is the same entry. */
  id: string;
  messageId: string | null;
  receivedAt: string;
  status: MailStatus;
  /** Why it was held or refused, or what the agent answered. */
  reason: string;
  from: string | null;
  supplier: string | null;
  poNumber: string | null;
  subject: string | null;
  sizeBytes: number;
  attachments: Attachment[];
  /** The sender's own words, for the manager to read a held mail. */
  text: string | null;
  attempts: number;
}

/** Words of a held mail kept for the manager; longer ones are cut. */
const KEPT_TEXT = 100_000;

const fromRow = (r: Selectable<MailReceivedTable>): MailReceived => ({
  id: r.id, messageId: r.messageId, receivedAt: r.receivedAt, status: r.status as MailStatus, reason: r.reason, from: r.fromAddress,
  supplier: r.supplier, poNumber: r.poNumber, subject: r.subject, sizeBytes: Number(r.sizeBytes),
  attachments: jsonColumn<Attachment[]>('mail_received', r.id, 'attachments', r.attachments, 'array'), text: r.text, attempts: Number(r.attempts),
});

/**
 * The mail log, in the purchasing record's database (shared by the worker, which sends, and the
 * API, which receives): mail sent to suppliers by Message-ID, and every mail received with what
 * became of it. A mail is never deleted from it.
 */
export class MailLog {
  constructor(private readonly db: RecordsDb) {}

  async sent(mail: MailSent): Promise<void> {
    await this.db.insertInto('mailSent').values(mail).onConflict((oc) => oc.column('messageId').doNothing()).execute();
  }

  async wasSent(messageId: string): Promise<boolean> {
    return (await this.db.selectFrom('mailSent').select('messageId').where('messageId', '=', messageId).executeTakeFirst()) !== undefined;
  }

  /** The PO the first of these Message-IDs that the agent sent was about. */
  async poOfThread(messageIds: string[]): Promise<MailSent | null> {
    if (messageIds.length === 0) return null;
    const rows = await this.db.selectFrom('mailSent').selectAll().where('messageId', 'in', messageIds).execute();
    for (const id of messageIds) {
      const row = rows.find((r) => r.messageId === id);
      if (row) return row;
    }
    return null;
  }

  /** The last mail sent about a PO, which a new one to the same supplier answers in its thread. */
  async lastAbout(poNumber: string): Promise<MailSent | null> {
    return (await this.db.selectFrom('mailSent').selectAll().where('poNumber', '=', poNumber)
      .orderBy('sentAt', 'desc').limit(1).executeTakeFirst()) ?? null;
  }

  /**
   * Records a received mail; the same message again updates its entry and counts the attempt. A mail
   * that reached its run stays `delivered` whatever a later retry of it met (refused, say, for a
   * missing verdict header): the run has it, and the log must not say it was bounced. Otherwise the
   * entry says what the latest attempt found, its supplier and PO too: a mail first refused before
   * its PO was looked for, then delivered, names the PO it reached.
   */
  /** Returns how many times this message has now been received (1 the first time). */
  async received(m: Omit<MailReceived, 'attempts'>): Promise<number> {
    const row = {
      id: m.id, messageId: m.messageId, receivedAt: m.receivedAt, status: m.status, reason: m.reason.slice(0, 2_000), fromAddress: m.from,
      supplier: m.supplier, poNumber: m.poNumber, subject: m.subject, sizeBytes: m.sizeBytes,
      attachments: JSON.stringify(m.attachments.slice(0, 200)), text: m.text?.slice(0, KEPT_TEXT) ?? null,
    };
    return this.db.insertInto('mailReceived').values({ ...row, attempts: 1 })
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => {
        const kept = <V extends string>(column: 'mailReceived.status' | 'mailReceived.reason', value: V) =>
          eb.case().when('mailReceived.status', '=', 'delivered').then(eb.ref(column)).else(eb.val(value)).end();
        const keptOrNull = (column: 'mailReceived.supplier' | 'mailReceived.poNumber', value: string | null) =>
          eb.case().when('mailReceived.status', '=', 'delivered').then(eb.ref(column)).else(eb.val(value)).end();
        return {
          status: kept('mailReceived.status', row.status), reason: kept('mailReceived.reason', row.reason),
          supplier: keptOrNull('mailReceived.supplier', row.supplier), poNumber: keptOrNull('mailReceived.poNumber', row.poNumber),
          receivedAt: row.receivedAt, attempts: eb('mailReceived.attempts', '+', 1),
        };
      }))
      .returning('attempts')
      .executeTakeFirst()
      .then((r) => Number(r?.attempts ?? 1));
  }

  /** Received mail, newest first, of one status when given. */
  async list(status?: MailStatus, limit = 100, onDamaged?: OnDamaged): Promise<MailReceived[]> {
    let q = this.db.selectFrom('mailReceived').selectAll();
    if (status) q = q.where('status', '=', status);
    return readEach(await q.orderBy('receivedAt', 'desc').orderBy('id', 'desc').limit(limit).execute(), fromRow, onDamaged);
  }
}
