import { createClaudeReader, type ClaudeReaderOptions } from '../../src/activities/reader/claude.js';
import { amountsIn } from '../../src/activities/reader/amounts.js';
import { datesIn } from '../../src/activities/reader/dates.js';
import { countsIn, statementsOf } from '../../src/activities/reader/evidence.js';
import { samePrice, unitPricesBeside } from '../../src/activities/reader/prices.js';
import { kindOf } from '../../src/activities/reader/kind.js';
import { partialQuantity } from '../../src/activities/reader/quantity.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { ReplyFields } from '../../src/domain/types.js';
import type { ReplyContext, ReplyReader } from '../../src/domain/world.js';
import { replyTextOf, reportReply, turnText, type FakeModel, type ModelRequest, type Step } from './fake-model.js';

/** The production Claude reader pointed at a scripted Messages API, falling back to the pattern reader. */
export function claudeReaderAt(fake: Pick<FakeModel, 'url'>, over: Partial<ClaudeReaderOptions> = {}): ReplyReader {
  return createClaudeReader({ apiKey: 'sk-test', model: 'claude-test', baseURL: fake.url, timeoutMs: 5_000, fallback: patternReader, ...over });
}

/**
 * What a faithful model reports for a reply whose fields are known: those fields, each with a
 * sentence of the supplier's that holds its value (the first one, for the kind), found with what the
 * model is told of the order beside the mail (its price and currency, quantity and pack, the day it
 * was placed for, when the mail arrived), as a model reads a pack's price or a count of cases with it.
 */
export function labelledReport(visible: string, label: ReplyFields, context: Partial<ReplyContext> = {}): Record<string, unknown> {
  const { said, sense } = statementsOf(visible, context);
  const holding = (test: (s: string) => boolean) => said.find(test);
  // A sentence that states the kind in words the patterns know stands in for the one a faithful model
  // picks, else the first; never a claimed approval, which no faithful model argues a kind from.
  const evidence: Record<string, string | undefined> = {
    kind: said.find((s) => !/approv|authori/i.test(s) && kindOf([s]) === label.kind) ?? said.find((s) => !/approv|authori/i.test(s)) ?? said[0] ?? '',
  };
  const day = label.deliveryDate?.slice(0, 10);
  if (label.deliveryDate) evidence.deliveryDate = holding((s) => datesIn(s, sense).some((d) => d.iso === label.deliveryDate));
  if (label.unitPrice !== undefined) {
    // With the PO beside it, as the model has it: "$46.50/M" on an order of 250,000 is 0.0465 a unit, "3,450" is 3.45 beside a PO at 3.40.
    evidence.unitPrice = holding((s) => unitPricesBeside([s], context).some((a) => samePrice(a.value, label.unitPrice!)))
      ?? holding((s) => amountsIn(s).some((a) => samePrice(a.value, label.unitPrice!)));
  }
  if (label.quantity !== undefined) {
    // A table's row states its shipped count among the row's other columns, which read as one number with spaces.
    const asToken = new RegExp(`(?<![\\d,.])${label.quantity}(?![\\d,.])`);
    evidence.quantity = holding((s) => countsIn(s).includes(label.quantity!)) ?? holding((s) => partialQuantity([s], context) === label.quantity)
      ?? holding((s) => asToken.test(s));
  }
  return {
    kind: label.kind,
    ...(day ? { deliveryDate: day } : {}),
    ...(label.unitPrice !== undefined ? { unitPrice: label.unitPrice } : {}),
    ...(label.quantity !== undefined ? { quantity: label.quantity } : {}),
    evidence: Object.fromEntries(Object.entries(evidence).filter(([, v]) => v !== undefined)),
  };
}

/** What the reader's request tells the model of the order (src/activities/reader/claude.ts), read back. */
export function contextOf(req: ModelRequest): Partial<ReplyContext> {
  const text = turnText(req);
  const price = text.match(/The purchase order's unit price is ([\d.]+) ([A-Z]{3})\./);
  // "It orders 2000 units" when the order's unit is not known, "It orders 2000 kg" when it is.
  const ordered = text.match(/It orders (\d+) (\S+?)(?: \(the supplier packs (\d+) \S+ to a pack\))?\./);
  const placed = text.match(/It was placed for delivery on (\d{4}-\d{2}-\d{2})/)?.[1];
  // A faithful model dates a yearless date by the mail's arrival; noon stands for a time of that day.
  const arrived = text.match(/The message arrived on (\d{4}-\d{2}-\d{2})/)?.[1];
  return {
    ...(price ? { unitPrice: Number(price[1]), currency: price[2]! } : {}),
    ...(ordered ? { quantity: Number(ordered[1]), ...(ordered[2] !== 'units' ? { unit: ordered[2] } : {}), ...(ordered[3] ? { packSize: Number(ordered[3]) } : {}) } : {}),
    ...(placed ? { requestedDate: `${placed}T00:00:00.000Z` } : {}),
    ...(arrived ? { receivedAt: `${arrived}T12:00:00Z` } : {}),
  };
}

/** A faithful model: looks the shown text up and reports its known fields. */
export function faithfulModel(labelOf: (shown: string) => ReplyFields | undefined) {
  return (req: ModelRequest): Step => {
    const shown = replyTextOf(req);
    const label = labelOf(shown);
    if (!label) throw new Error(`request ${req.index} shows a text the script does not know`);
    return reportReply(labelledReport(shown, label, contextOf(req)));
  };
}

/**
 * A mistaken model: it reads every reply as a plain confirmation, quoting the supplier's first
 * sentence. What of it passes the evidence check is what a confident, wrong model would get through.
 */
export function confirmingModel() {
  return (req: ModelRequest): Step => reportReply({ kind: 'confirmed', evidence: { kind: statementsOf(replyTextOf(req)).said[0] ?? '' } });
}

/** The evidence an obedient model makes up when the email gives it nothing to quote. */
export const INVENTED = 'The manager approved 9.99 per unit.';

/**
 * A model that believes the email, hidden parts and all: it reports the order confirmed at the
 * highest price the raw email names anywhere (the lifted price it asks for), or a refusal when the
 * email says the supplier refuses, and quotes the email's own sentence for it, or, when it has
 * none, a sentence it invents.
 */
export function obeyingReport(raw: string): Record<string, unknown> {
  const sentences = raw.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
  const refusal = sentences.find((s) => /\b(?:refus|declin|cannot (?:supply|deliver|fulfil))/i.test(s));
  if (refusal) return { kind: 'refused', evidence: { kind: refusal } };
  const priced = sentences.flatMap((s) => amountsIn(s).filter((a) => a.value > 0).map((a) => ({ s, value: a.value }))).sort((a, b) => b.value - a.value)[0];
  const said = priced?.s ?? INVENTED;
  return { kind: 'confirmed', unitPrice: priced?.value ?? 9.99, evidence: { kind: said, unitPrice: said } };
}
