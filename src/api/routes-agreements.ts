import { agreementStatus, AgreementInput, instantOf, type Agreement } from '../domain/agreement.js';
import { lineTotal } from '../domain/quantity.js';
import { formatMoney } from '../domain/money.js';
import type { World } from '../domain/world.js';
import type { AgreementLedger } from '../records/agreements.js';
import { AgreementCancelBody, AgreementDetail, AgreementList, AgreementListQuery, AgreementParam, AgreementView } from './agreement-schemas.js';
import { HttpError } from './errors.js';
import { stockOfKnownSku } from './known-sku.js';
import { refused } from './responses.js';
import type { Api } from './schemas.js';
import { approvalLimitOf, approverOf } from './security.js';

export interface AgreementDeps {
  ledger: AgreementLedger;
  world: World;
  currency: string;
  /** The suppliers the service knows: those that sign their replies, and those whose mail it takes. */
  suppliers: readonly string[];
  clock: () => number;
}

const withStatus = (a: Agreement, now: string) => ({ ...a, status: agreementStatus(a, now) });

/** The most an agreement lets orders commit: its total value, else every line's quantity at its price. */
const ceilingOf = (a: AgreementInput): number =>
  a.totalValue ?? a.lines.reduce((sum, l) => sum + lineTotal(l.quantity!, l.unitPrice), 0);

/**
 * What the body cannot say by its schema alone: the deployment's currency, a supplier and SKUs the
 * service knows, and what the approving manager may commit.
 */
async function refusalOf(a: AgreementInput, deps: AgreementDeps, at: string, limit: number | undefined): Promise<HttpError | null> {
  const bad = (why: string) => new HttpError(400, why);
  if (a.currency && a.currency !== deps.currency) return bad(`currency: this service buys in ${deps.currency}, not ${a.currency}`);
  if (instantOf(a.validUntil, 'until') <= at) return bad(`validUntil: ${a.validUntil} has passed: the agreement would be over before it began`);
  if (!deps.suppliers.includes(a.supplier)) return bad(`supplier: unknown supplier ${a.supplier} (known: ${deps.suppliers.join(', ')})`);
  for (const [i, line] of a.lines.entries()) {
    if (!(await stockOfKnownSku(deps.world, line.sku))) return bad(`lines.${i}.sku: unknown SKU ${line.sku}`);
  }
  if (limit !== undefined && ceilingOf(a) > limit) {
    return new HttpError(403, `the agreement may commit ${formatMoney(ceilingOf(a), deps.currency)}, above your approval limit of ${formatMoney(limit, deps.currency)}`);
  }
  return null;
}

/** Blanket agreements: a manager approves one once, and later orders of its SKUs draw on it (docs/agreements.md). */
export function agreementRoutes(app: Api, deps: AgreementDeps): void {
  const now = () => new Date(deps.clock()).toISOString();

  app.post('/agreements', {
    schema: {
      summary: 'A manager approves a blanket agreement: a supplier\'s prices for SKUs, up to quantities and/or a total value, for a period',
      description: 'Later replenishments of a covered SKU draft from it without asking suppliers and draw their PO down from it; '
        + 'with approval once, such a PO is approved by rule (policy:blanket-agreement). The token\'s manager is recorded as the approver.',
      tags: ['agreements'], body: AgreementInput,
      response: {
        201: AgreementView, 400: refused('a field that is not valid: named, with why (an unknown SKU or supplier, another currency, until before from, …)'),
        403: refused('the agreement may commit more than the manager\'s approval limit'),
      },
    },
  }, async (req, reply) => {
    const by = approverOf(req);
    const body = req.body;
    const at = now();
    const refusal = await refusalOf(body, deps, at, approvalLimitOf(req));
    if (refusal) throw refusal;
    const agreement = await deps.ledger.create({
      supplier: body.supplier, currency: deps.currency, approval: body.approval,
      validFrom: instantOf(body.validFrom, 'from'), validUntil: instantOf(body.validUntil, 'until'), leadTimeDays: body.leadTimeDays,
      totalValue: body.totalValue ?? null, approvedBy: by, approvedAt: at, note: body.note ?? null,
      lines: body.lines.map((l) => ({ sku: l.sku, unitPrice: l.unitPrice, moq: l.moq ?? 1, orderMultiple: l.orderMultiple ?? null, quantity: l.quantity ?? null })),
    });
    return reply.code(201).send(withStatus(agreement, at));
  });

  app.get('/agreements', {
    schema: {
      summary: 'Blanket agreements, newest first, with what remains of each and its status', tags: ['agreements'], querystring: AgreementListQuery,
      response: { 200: AgreementList, 400: refused('a filter that is not valid') },
    },
  }, async (req) => {
    const at = now();
    const { status, ...filter } = req.query;
    const items = (await deps.ledger.list(filter)).map((a) => withStatus(a, at)).filter((a) => !status || a.status === status);
    return { currency: deps.currency, items };
  });

  app.get('/agreements/:id', {
    schema: {
      summary: 'A blanket agreement, with the POs that drew on it', tags: ['agreements'], params: AgreementParam,
      response: { 200: AgreementDetail, 400: refused('not an agreement id'), 404: refused('no such agreement') },
    },
  }, async (req) => {
    const agreement = await deps.ledger.get(req.params.id);
    if (!agreement) throw new HttpError(404, `there is no agreement ${req.params.id}`);
    const draws = (await deps.ledger.draws(agreement.agreementId)).map(({ agreementId: _a, ...d }) => d);
    return { ...withStatus(agreement, now()), draws };
  });

  app.post('/agreements/:id/cancel', {
    schema: {
      summary: 'A manager cancels a blanket agreement: no later PO draws on it; POs that drew on it keep their draw',
      tags: ['agreements'], params: AgreementParam, body: AgreementCancelBody,
      response: { 200: AgreementView, 400: refused('no reason, or not an agreement id'), 404: refused('no such agreement'), 409: refused('the agreement was cancelled before') },
    },
  }, async (req) => {
    const at = now();
    const done = await deps.ledger.cancel(req.params.id, approverOf(req), req.body.reason, at);
    if (!done) throw new HttpError(404, `there is no agreement ${req.params.id}`);
    if (done.already) throw new HttpError(409, `agreement ${req.params.id} was cancelled at ${done.agreement.cancelledAt} by ${done.agreement.cancelledBy}`);
    return withStatus(done.agreement, at);
  });
}
