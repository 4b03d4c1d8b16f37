// One file holds the whole sandbox: stock, catalogue, quotes, orders, inbox and the demo's
// pending actions. Everything a restart must not forget lives here, nothing in memory.
export const tables = `
CREATE TABLE IF NOT EXISTS stock (
  sku TEXT PRIMARY KEY,
  on_hand INTEGER NOT NULL,
  safety_stock INTEGER NOT NULL,
  target_level INTEGER NOT NULL,
  service_level REAL,
  abc_class TEXT
);
CREATE TABLE IF NOT EXISTS movements (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sku TEXT NOT NULL,
  delta INTEGER NOT NULL,
  reason TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS suppliers (
  supplier TEXT PRIMARY KEY,
  behaviour TEXT NOT NULL DEFAULT 'prompt',
  reply_after_days REAL NOT NULL DEFAULT 0.5,
  price_factor REAL NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS catalogue (
  supplier TEXT NOT NULL REFERENCES suppliers(supplier),
  sku TEXT NOT NULL,
  base_price REAL NOT NULL,
  moq INTEGER NOT NULL,
  lead_time_days INTEGER NOT NULL,
  order_multiple INTEGER NOT NULL DEFAULT 1,
  price_breaks TEXT NOT NULL DEFAULT '[]',
  unit TEXT NOT NULL DEFAULT 'pcs',
  PRIMARY KEY (supplier, sku)
);
CREATE TABLE IF NOT EXISTS quotes (
  quote_id TEXT PRIMARY KEY,
  sku TEXT NOT NULL,
  supplier TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  unit_price REAL NOT NULL,
  moq INTEGER NOT NULL,
  lead_time_days INTEGER NOT NULL,
  order_multiple INTEGER NOT NULL DEFAULT 1,
  price_breaks TEXT NOT NULL DEFAULT '[]',
  valid_until TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS orders (
  po_number TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  sku TEXT NOT NULL,
  supplier TEXT NOT NULL,
  quote_id TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  unit_price REAL NOT NULL,
  total REAL NOT NULL,
  supplier_ref TEXT NOT NULL,
  accepted_at TEXT NOT NULL,
  expected_delivery TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'placed',
  place_calls INTEGER NOT NULL DEFAULT 1,
  chases INTEGER NOT NULL DEFAULT 0,
  cancel_reason TEXT
);
CREATE TABLE IF NOT EXISTS chases (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  po_number TEXT NOT NULL,
  message TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS receipts (
  sku TEXT NOT NULL,
  po_number TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (sku, po_number)
);
CREATE TABLE IF NOT EXISTS notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  sku TEXT,
  po_number TEXT,
  at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS scheduled (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  ref TEXT NOT NULL,
  payload TEXT NOT NULL,
  due_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'pending',
  last_error TEXT
);
CREATE INDEX IF NOT EXISTS scheduled_due ON scheduled (state, due_at);
CREATE INDEX IF NOT EXISTS movements_sku_at ON movements (sku, at);
CREATE TABLE IF NOT EXISTS documents (
  ref TEXT PRIMARY KEY,
  po_number TEXT,
  content_type TEXT NOT NULL,
  body TEXT NOT NULL,
  at TEXT NOT NULL
);
`;

/** Columns added since the first release of the file: a sandbox file from before gets them on open. */
export const addedColumns: Array<{ table: string; column: string; definition: string }> = [
  { table: 'catalogue', column: 'order_multiple', definition: 'INTEGER NOT NULL DEFAULT 1' },
  { table: 'catalogue', column: 'price_breaks', definition: "TEXT NOT NULL DEFAULT '[]'" },
  /** The unit a line is counted and priced in: a file from before it sold everything by the piece. */
  { table: 'catalogue', column: 'unit', definition: "TEXT NOT NULL DEFAULT 'pcs'" },
  { table: 'quotes', column: 'order_multiple', definition: 'INTEGER NOT NULL DEFAULT 1' },
  { table: 'quotes', column: 'price_breaks', definition: "TEXT NOT NULL DEFAULT '[]'" },
  { table: 'stock', column: 'service_level', definition: 'REAL' },
  { table: 'stock', column: 'abc_class', definition: 'TEXT' },
  { table: 'suppliers', column: 'order_costs', definition: "TEXT NOT NULL DEFAULT '{}'" },
  /** The consolidated PO a line's order was placed under (src/sandbox/routes/consolidated-orders.ts); null for an order of its own. */
  { table: 'orders', column: 'group_po', definition: 'TEXT' },
];
