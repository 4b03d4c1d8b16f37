/**
 * Every id the service hands out, built and parsed here only. Ids carry their SKU, so a message
 * finds its agent and a PO its replenishment without a lookup table.
 *
 *   agent-<SKU>                 the SKU's agent (one per SKU, for its whole life)
 *   replenish-<SKU>-<n>         its n-th replenishment (n from 1)
 *   PO-<SKU>-<n>                that replenishment's purchase order
 *   PO-<SKU>-<n>-R<k>           its k-th redraft (k from 1)
 *   supplier-<supplier>         the supplier's desk, where lines of gathering suppliers meet
 *   SPO-<supplier>-<k>          the desk's k-th consolidated purchase order (k from 1)
 *
 * SKUs may hold dashes, dots and digits: parsers read the numbers from the end, which is
 * unambiguous because a SKU is followed by `-<digits>` and a revision starts with `R`.
 */

/** Source of a SKU pattern without anchors, to compose the other ids' patterns from. */
const SKU = '[A-Za-z0-9][A-Za-z0-9_.-]{0,63}';
const N = '[0-9]+';

export const SKU_PATTERN = new RegExp(`^${SKU}$`);
export const AGENT_ID_PATTERN = new RegExp(`^agent-(${SKU})$`);
export const REPLENISHMENT_ID_PATTERN = new RegExp(`^replenish-(${SKU})-(${N})$`);
export const PO_NUMBER_PATTERN = new RegExp(`^PO-(${SKU})-(${N})(?:-R(${N}))?$`);

export const SKU_RULE = 'a SKU is 1-64 letters, digits, dot, dash or underscore';
export const REPLENISHMENT_ID_RULE = 'a replenishment id looks like replenish-<SKU>-<n>';
export const PO_NUMBER_RULE = 'a PO number looks like PO-<SKU>-<n>';

export const isSku = (s: string): boolean => SKU_PATTERN.test(s);

/**
 * A supplier's name as ids carry it: ASCII letters and digits first, then also `._@+-`. A
 * consolidated PO number starts `SPO-`, which no line's `PO-<SKU>-<n>` does, so the API tells the
 * two apart by their form alone; its number is read from the end, as a SKU's is.
 */
const SUPPLIER = '[A-Za-z0-9][A-Za-z0-9_.@+-]{0,99}';
export const SUPPLIER_PATTERN = new RegExp(`^${SUPPLIER}$`);
export const SUPPLIER_RULE = 'a supplier is 1-100 letters, digits, dot, dash, underscore, @ or +, starting with a letter or digit';
export const SUPPLIER_DESK_ID_PATTERN = new RegExp(`^supplier-(${SUPPLIER})$`);
export const SPO_NUMBER_PATTERN = new RegExp(`^SPO-(${SUPPLIER})-(${N})$`);
export const SPO_NUMBER_RULE = 'a consolidated PO number looks like SPO-<supplier>-<k>';

export const isSupplierName = (s: string): boolean => SUPPLIER_PATTERN.test(s);
export const supplierDeskId = (supplier: string): string => `supplier-${supplier}`;
export function parseSupplierDeskId(id: string): string | null {
  return SUPPLIER_DESK_ID_PATTERN.exec(id)?.[1] ?? null;
}

export const spoNumber = (supplier: string, k: number): string => `SPO-${supplier}-${k}`;
export interface SpoRef { supplier: string; k: number }
export function parseSpoNumber(spo: string): SpoRef | null {
  const m = SPO_NUMBER_PATTERN.exec(spo);
  return m ? { supplier: m[1]!, k: Number(m[2]) } : null;
}
/** The desk that drafted a consolidated PO: where a decision on it goes. */
export function supplierDeskIdOfSpo(spo: string): string {
  const ref = parseSpoNumber(spo);
  if (!ref) throw new Error(`${spo} is not a consolidated PO number (${SPO_NUMBER_RULE})`);
  return supplierDeskId(ref.supplier);
}

export const agentId = (sku: string): string => `agent-${sku}`;
export const isAgentId = (id: string): boolean => AGENT_ID_PATTERN.test(id);

export const replenishmentId = (sku: string, n: number): string => `replenish-${sku}-${n}`;
/** The prefix every replenishment id of a SKU starts with, for a visibility `STARTS_WITH`. */
export const replenishmentIdPrefix = (sku: string): string => `replenish-${sku}-`;

export interface ReplenishmentRef { sku: string; n: number }

export function parseReplenishmentId(id: string): ReplenishmentRef | null {
  const m = REPLENISHMENT_ID_PATTERN.exec(id);
  return m ? { sku: m[1]!, n: Number(m[2]) } : null;
}

/** Revision 0 is the first draft's number; revision k ≥ 1 is the k-th redraft (`-R<k>`). */
export const poNumber = (sku: string, n: number, revision = 0): string =>
  revision === 0 ? `PO-${sku}-${n}` : `PO-${sku}-${n}-R${revision}`;

export interface PoRef { sku: string; n: number; revision: number }

export function parsePoNumber(po: string): PoRef | null {
  const m = PO_NUMBER_PATTERN.exec(po);
  return m ? { sku: m[1]!, n: Number(m[2]), revision: m[3] === undefined ? 0 : Number(m[3]) } : null;
}

function mustParsePo(po: string): PoRef {
  const ref = parsePoNumber(po);
  if (!ref) throw new Error(`${po} is not a PO number (${PO_NUMBER_RULE})`);
  return ref;
}

export const skuOfPo = (po: string): string => mustParsePo(po).sku;

/** The replenishment that works on a PO and all its revisions. */
export function replenishmentIdOfPo(po: string): string {
  const { sku, n } = mustParsePo(po);
  return replenishmentId(sku, n);
}

/**
 * A replenishment's activity ids name their turn: `decide-<turn>` asks the decider, `<name>-<turn>`
 * runs the tool it chose (or `hand_over`), so a history read on its own says which turn did what.
 */
const DECIDE = 'decide';

export const decideActivityId = (turn: number): string => `${DECIDE}-${turn}`;
export const toolActivityId = (name: string, turn: number): string => `${name}-${turn}`;

export type ActivityRef = { kind: 'decide'; turn: number | null } | { kind: 'tool'; name: string; turn: number | null };

/** An id without a turn is still read, as a tool of that name at no known turn. */
export function parseActivityId(id: string): ActivityRef {
  const m = /^(.*)-(\d+)$/.exec(id);
  const name = m ? m[1]! : id;
  const turn = m ? Number(m[2]) : null;
  return name === DECIDE ? { kind: 'decide', turn } : { kind: 'tool', name, turn };
}

/**
 * A step whose choice was made in workflow code (the policy) has no decide activity: the summary of
 * its activity or timer carries the turn and the reason instead, so history alone still says which
 * turn chose what and why, and the Temporal Web UI shows it beside the step. A turn whose tool runs
 * nothing itself (`done`) rides on the step that follows it (the record), and names its tool.
 */
export const decidedStepSummary = (summary: string, turn: number, reason: string, tool?: string): string =>
  `${summary} · turn ${turn}${tool ? `, ${tool}` : ''}: ${reason}`;

export function parseDecidedStep(shown: string): { summary: string; turn: number; tool: string | null; reason: string } | null {
  const m = /^(.*?) · turn (\d+)(?:, (\w+))?: (.*)$/s.exec(shown);
  return m ? { summary: m[1]!, turn: Number(m[2]), tool: m[3] ?? null, reason: m[4]! } : null;
}
