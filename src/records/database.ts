import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import type { OpenPurchaseOrder, PurchaseRecord } from '../domain/purchase-record.js';

/**
 * One row per replenishment: the record's fields, with the approvals and the decision log as JSON
 * text (the same in both databases), and what the filters and the spend read as columns of their own.
 */
export type PurchaseRecordsTable = Omit<PurchaseRecord, 'approvals' | 'turns'> & {
  approvals: string;
  turns: string;
  approvedBy: string | null;
  /** `YYYY-MM` of the order and its total, set when the order is money committed (committedSpend). */
  spendMonth: string | null;
  spendAmount: number | null;
};

/** What rule approvals have committed in a month, across every agent. */
export interface BudgetMonthsTable { month: string; reservedCents: number | string }
/** One reservation per PO: a retried approval finds its own and reserves nothing more. */
export interface BudgetReservationsTable { poNumber: string; replenishmentId: string; month: string; amountCents: number | string; sku: string; reservedAt: string }

/**
 * A PO waiting for a manager, one row per replenishment written by the run itself, or per consolidated
 * PO written by its supplier's desk under the SPO number in `replenishmentId` (src/records/approvals-waiting.ts).
 */
export interface ApprovalsWaitingTable { replenishmentId: string; sku: string; poNumber: string; request: string; requestedAt: string | null }

/**
 * A PO still worked on, one row per replenishment, written by the run as it changes and deleted in
 * the transaction that writes its record (src/records/open-orders.ts).
 */
export type OpenPurchaseOrdersTable = Omit<OpenPurchaseOrder, 'approvals'> & {
  approvals: string;
  approvedBy: string | null;
  spendMonth: string | null;
  spendAmount: number | null;
};

/**
 * The newest write of each of a run's rows (`what`: its inbox row, its open order) by the run's own
 * count: the run sends its writes at once, one local activity each, so they may land out of order,
 * and one older than what is there is dropped (src/records/published.ts).
 */
export interface PublishedVersionsTable { replenishmentId: string; what: string; version: number }

/**
 * What spent a single-use key (src/records/used-keys.ts): an approval link's nonce (both links of a pair share it), or a chat
 * delivery already taken (a Slack retry of the same click).
 */
export interface UsedKeysTable {
  key: string;
  poNumber: string;
  /** approve or reject; for a chat delivery, the action it carried. */
  action: string;
  manager: string;
  /** Where it was used: email-link, slack. */
  channel: string;
  usedAt: string;
  /** What came of it, once known: delivered, duplicate, queued, or the refusal's words. */
  outcome: string | null;
}


/** A mail the agent sent a supplier, by its Message-ID: a reply's In-Reply-To finds its PO here (src/mail/log.ts). */
export interface MailSentTable { messageId: string; poNumber: string; supplier: string; kind: string; toAddress: string; subject: string; sentAt: string }
/** A mail that reached the inbound route, by the digest of its bytes, with what became of it (src/mail/log.ts). */
export interface MailReceivedTable {
  id: string; messageId: string | null; receivedAt: string; status: string; reason: string; fromAddress: string | null; supplier: string | null;
  poNumber: string | null; subject: string | null; sizeBytes: number; attachments: string; text: string | null; attempts: number;
}

/**
 * A blanket agreement (src/records/agreements.ts): what it allows in whole cents, what orders drew
 * from it so far, and who approved or cancelled it.
 */
export interface AgreementsTable {
  id: string; supplier: string; currency: string; approval: string; validFrom: string; validUntil: string; leadTimeDays: number;
  totalValueCents: number | string | null; drawnCents: number | string; approvedBy: string; approvedAt: string;
  cancelledBy: string | null; cancelledAt: string | null; cancelReason: string | null; note: string | null;
}
/** One SKU of an agreement: its price, call-off terms, and units allowed and drawn. */
export interface AgreementLinesTable {
  agreementId: string; sku: string; unitPrice: number; moq: number; orderMultiple: number | null; quantity: number | null; drawnQuantity: number;
}
/** One draw per PO number: a retried approval finds its own and draws nothing more. */
export interface AgreementDrawsTable {
  poNumber: string; agreementId: string; replenishmentId: string; sku: string; quantity: number; valueCents: number | string; drawnAt: string;
}

/** A consolidated PO the supplier took (src/records/supplier-orders.ts), written as its desk places it. */
export interface SupplierOrdersTable {
  spoNumber: string; supplier: string; currency: string; supplierRef: string; placedAt: string; goods: number; freight: number | null; total: number;
}
/** One line of a placed consolidated PO: its run's own PO number, which is placed once, on one SPO. */
export interface SupplierOrderLinesTable {
  poNumber: string; spoNumber: string; position: number; sku: string; quantity: number; unitPrice: number; lineTotal: number;
}
/**
 * A message addressed to a consolidated PO's number, by its sender's id: what it said (a digest) and
 * which lines it went to, so a repeat goes to the same lines as the first, judged as a repeat.
 */
export interface SupplierOrderMessagesTable { key: string; spoNumber: string; digest: string; lines: string; receivedAt: string }

export interface Tables {
  supplierOrders: SupplierOrdersTable; supplierOrderLines: SupplierOrderLinesTable; supplierOrderMessages: SupplierOrderMessagesTable;
  agreements: AgreementsTable; agreementLines: AgreementLinesTable; agreementDraws: AgreementDrawsTable;
  purchaseRecords: PurchaseRecordsTable; budgetMonths: BudgetMonthsTable; budgetReservations: BudgetReservationsTable;
  approvalsWaiting: ApprovalsWaitingTable; openPurchaseOrders: OpenPurchaseOrdersTable; publishedVersions: PublishedVersionsTable;
  usedKeys: UsedKeysTable; mailSent: MailSentTable; mailReceived: MailReceivedTable;
}
export type RecordsDb = Kysely<Tables>;

/**
 * Budgets are whole cents in integers, so a sum of many reservations compares exactly with the limit.
 * Times are ISO 8601 text in UTC: they sort as text, compare the same in SQLite and PostgreSQL,
 * and come back as the strings that went in.
 */
const migrations: Record<string, Migration> = {
  '001-purchase-records': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('purchase_records')
        .addColumn('replenishment_id', 'text', (c) => c.primaryKey())
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('replenishment', 'integer', (c) => c.notNull())
        .addColumn('po_number', 'text')
        .addColumn('supplier', 'text')
        .addColumn('quantity_drafted', 'integer')
        .addColumn('quantity_ordered', 'integer', (c) => c.notNull())
        .addColumn('quantity_received', 'integer', (c) => c.notNull())
        .addColumn('unit_price', 'double precision')
        .addColumn('order_total', 'double precision')
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('approved_by', 'text')
        .addColumn('approvals', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('settled_at', 'text', (c) => c.notNull())
        .addColumn('ordered_at', 'text')
        .addColumn('spend_month', 'text')
        .addColumn('spend_amount', 'double precision')
        .addColumn('received_at', 'text')
        .addColumn('turns', 'text', (c) => c.notNull())
        .execute();
      // The list's order (newest settled first) and its filters.
      await db.schema.createIndex('purchase_records_settled').on('purchase_records').columns(['settled_at', 'replenishment_id']).execute();
      await db.schema.createIndex('purchase_records_sku').on('purchase_records').columns(['sku', 'settled_at']).execute();
      await db.schema.createIndex('purchase_records_supplier').on('purchase_records').columns(['supplier', 'settled_at']).execute();
      await db.schema.createIndex('purchase_records_po').on('purchase_records').column('po_number').execute();
      await db.schema.createIndex('purchase_records_spend').on('purchase_records').columns(['spend_month', 'supplier']).execute();
    },
  },
  '002-budget': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('budget_months')
        .addColumn('month', 'text', (c) => c.primaryKey())
        .addColumn('reserved_cents', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createTable('budget_reservations')
        .addColumn('po_number', 'text', (c) => c.primaryKey())
        .addColumn('replenishment_id', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('reserved_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('budget_reservations_replenishment').on('budget_reservations').column('replenishment_id').execute();
    },
  },
  '003-approvals-waiting': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('approvals_waiting')
        .addColumn('replenishment_id', 'text', (c) => c.primaryKey())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('po_number', 'text', (c) => c.notNull())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'text')
        .execute();
      // The inbox's order.
      await db.schema.createIndex('approvals_waiting_sku').on('approvals_waiting').columns(['sku', 'replenishment_id']).execute();
    },
  },
  '004-open-purchase-orders': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('open_purchase_orders')
        .addColumn('replenishment_id', 'text', (c) => c.primaryKey())
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('replenishment', 'integer', (c) => c.notNull())
        .addColumn('po_number', 'text', (c) => c.notNull())
        .addColumn('supplier', 'text')
        .addColumn('quantity_drafted', 'integer')
        .addColumn('quantity_ordered', 'integer', (c) => c.notNull())
        .addColumn('quantity_received', 'integer', (c) => c.notNull())
        .addColumn('unit_price', 'double precision')
        .addColumn('order_total', 'double precision')
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('approved_by', 'text')
        .addColumn('approvals', 'text', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('ordered_at', 'text')
        .addColumn('received_at', 'text')
        .addColumn('spend_month', 'text')
        .addColumn('spend_amount', 'double precision')
        .execute();
      await db.schema.createIndex('open_purchase_orders_updated').on('open_purchase_orders').columns(['updated_at', 'replenishment_id']).execute();
      await db.schema.createIndex('open_purchase_orders_sku').on('open_purchase_orders').column('sku').execute();
      await db.schema.createIndex('open_purchase_orders_po').on('open_purchase_orders').column('po_number').execute();
    },
  },
  '005-published-versions': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('published_versions')
        .addColumn('replenishment_id', 'text', (c) => c.notNull())
        .addColumn('what', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('published_versions_pk', ['replenishment_id', 'what'])
        .execute();
    },
  },
  '006-used-keys': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('used_keys')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('po_number', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('manager', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text')
        .execute();
    },
  },
  '007-mail': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('mail_sent')
        .addColumn('message_id', 'text', (c) => c.primaryKey())
        .addColumn('po_number', 'text', (c) => c.notNull())
        .addColumn('supplier', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_sent_po').on('mail_sent').columns(['po_number', 'sent_at']).execute();
      await db.schema.createTable('mail_received')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('message_id', 'text')
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('from_address', 'text')
        .addColumn('supplier', 'text')
        .addColumn('po_number', 'text')
        .addColumn('subject', 'text')
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('attachments', 'text', (c) => c.notNull())
        .addColumn('text', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_received_status').on('mail_received').columns(['status', 'received_at']).execute();
    },
  },
  '008-agreements': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('agreements')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('supplier', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('approval', 'text', (c) => c.notNull())
        .addColumn('valid_from', 'text', (c) => c.notNull())
        .addColumn('valid_until', 'text', (c) => c.notNull())
        .addColumn('lead_time_days', 'integer', (c) => c.notNull())
        .addColumn('total_value_cents', 'bigint')
        .addColumn('drawn_cents', 'bigint', (c) => c.notNull())
        .addColumn('approved_by', 'text', (c) => c.notNull())
        .addColumn('approved_at', 'text', (c) => c.notNull())
        .addColumn('cancelled_by', 'text')
        .addColumn('cancelled_at', 'text')
        .addColumn('cancel_reason', 'text')
        .addColumn('note', 'text')
        .execute();
      await db.schema.createIndex('agreements_approved').on('agreements').columns(['approved_at', 'id']).execute();
      await db.schema.createTable('agreement_lines')
        .addColumn('agreement_id', 'text', (c) => c.notNull().references('agreements.id'))
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('unit_price', 'double precision', (c) => c.notNull())
        .addColumn('moq', 'integer', (c) => c.notNull())
        .addColumn('order_multiple', 'integer')
        .addColumn('quantity', 'integer')
        .addColumn('drawn_quantity', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('agreement_lines_pk', ['agreement_id', 'sku'])
        .execute();
      await db.schema.createIndex('agreement_lines_sku').on('agreement_lines').column('sku').execute();
      await db.schema.createTable('agreement_draws')
        .addColumn('po_number', 'text', (c) => c.primaryKey())
        .addColumn('agreement_id', 'text', (c) => c.notNull())
        .addColumn('replenishment_id', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('value_cents', 'bigint', (c) => c.notNull())
        .addColumn('drawn_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('agreement_draws_agreement').on('agreement_draws').columns(['agreement_id', 'drawn_at']).execute();
      await db.schema.createIndex('agreement_draws_replenishment').on('agreement_draws').column('replenishment_id').execute();
    },
  },
  '009-supplier-orders': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('supplier_orders')
        .addColumn('spo_number', 'text', (c) => c.primaryKey())
        .addColumn('supplier', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('supplier_ref', 'text', (c) => c.notNull())
        .addColumn('placed_at', 'text', (c) => c.notNull())
        .addColumn('goods', 'double precision', (c) => c.notNull())
        .addColumn('freight', 'double precision')
        .addColumn('total', 'double precision', (c) => c.notNull())
        .execute();
      await db.schema.createTable('supplier_order_lines')
        .addColumn('po_number', 'text', (c) => c.primaryKey())
        .addColumn('spo_number', 'text', (c) => c.notNull().references('supplier_orders.spo_number'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_price', 'double precision', (c) => c.notNull())
        .addColumn('line_total', 'double precision', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('supplier_order_lines_spo').on('supplier_order_lines').columns(['spo_number', 'position']).execute();
      await db.schema.createTable('supplier_order_messages')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('spo_number', 'text', (c) => c.notNull())
        .addColumn('digest', 'text', (c) => c.notNull())
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};

/** Where the purchasing record lives: PostgreSQL when a URL is given, else an SQLite file in the data directory. */
export type RecordsLocation = { kind: 'postgres'; url: string } | { kind: 'sqlite'; file: string };

export const recordsLocation = (env: { DATABASE_URL?: string | undefined }, dataDir: string): RecordsLocation =>
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'sqlite', file: join(dataDir, 'records.sqlite') };

/** Opens the database and brings its schema up to date (migrations run once, under the migrator's lock). */
export async function openRecordsDb(where: RecordsLocation): Promise<RecordsDb> {
  const dialect = where.kind === 'postgres'
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: where.url, max: 10 }) })
    : new SqliteDialect({ database: sqliteFile(where.file) });
  const db = new Kysely<Tables>({ dialect, plugins: [new CamelCasePlugin()] });
  try {
    await migrate(db, where.kind === 'sqlite' ? SQLITE_MIGRATION_ATTEMPTS : 1);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return db;
}

/**
 * Kysely takes an advisory lock for migrations on PostgreSQL, but none on SQLite, so processes
 * started together on one file (a worker and an API, `npm run worker` and `npm run api`) can both
 * read the same pending list and the later one fails on a table the other just made. Its
 * transaction is rolled back whole (SQLite's DDL is transactional), so trying again reads the list
 * the other committed and finds nothing left to do.
 */
const SQLITE_MIGRATION_ATTEMPTS = 5;

async function migrate(db: RecordsDb, attempts: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    if (attempt >= attempts) {
      throw new Error(`the records database could not be migrated${failed ? ` (${failed.migrationName})` : ''}: ${error instanceof Error ? error.message : String(error)}`);
    }
    await new Promise((r) => setTimeout(r, 100 * attempt));
  }
}

function sqliteFile(file: string): Database.Database {
  const database = new Database(file);
  // The API reads while the worker's activities write.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  return database;
}

/** For health checks and tests: the database answers a trivial query. */
export async function ping(db: RecordsDb): Promise<void> {
  await sql`select 1`.execute(db);
}

