import { demandView } from '../domain/demand.js';
import { replenishmentId } from '../domain/ids.js';
import { currencyOf, policyOf, type Rules } from '../domain/rules.js';
import type { World } from '../domain/world.js';
import type { ApprovalsWaiting } from '../records/approvals-waiting.js';
import type { Agents } from './agents.js';
import { HttpError, logDamaged } from './errors.js';
import { stockOfKnownSku } from './known-sku.js';
import { AgentSignalled, AgentStarted, Approvals, refused, SkuPage, SkuView } from './responses.js';
import { SkuListQuery, SkuParam, StartAgentBody, type Api } from './schemas.js';

async function knownSku(world: World, sku: string) {
  const level = await stockOfKnownSku(world, sku);
  if (!level) throw new HttpError(404, `unknown SKU ${sku}`);
  return level;
}

const notASku = refused('not a SKU');

/** The last replenishments a SKU's page offers to show, oldest first. */
const lastRuns = (sku: string, replenishments: number) =>
  Array.from({ length: Math.min(10, replenishments) }, (_, k) => replenishments - Math.min(10, replenishments) + 1 + k)
    .map((replenishment) => ({ replenishment, workflowId: replenishmentId(sku, replenishment) }));

export function agentRoutes(app: Api, agents: Agents, world: World, rules: Pick<Rules, 'dayMs' | 'currency' | 'inventoryPolicy'>, waiting: ApprovalsWaiting): void {
  app.post('/agents', {
    schema: {
      summary: 'Start the agent of a SKU (idempotent)', tags: ['agents'], body: StartAgentBody,
      response: { 201: AgentStarted.describe('started'), 200: AgentStarted.describe('already running'), 400: notASku, 404: refused('unknown SKU') },
    },
  }, async (req, reply) => {
    const { sku } = req.body;
    await knownSku(world, sku);
    const result = await agents.start(sku);
    return reply.code(result.started ? 201 : 200).send({ sku, ...result });
  });

  for (const what of ['pause', 'resume', 'stop'] as const) {
    app.post(`/agents/:sku/${what}`, {
      schema: {
        summary: `${what[0]!.toUpperCase()}${what.slice(1)} the agent of a SKU`, tags: ['agents'], params: SkuParam,
        response: {
          202: AgentSignalled(what).describe('signalled'), 400: notASku, 404: refused('no agent was ever started for the SKU'),
          409: refused('the agent is stopped: POST /agents starts it again'),
        },
      },
    }, async (req, reply) => {
      const { sku } = req.params;
      await agents.signal(sku, what);
      return reply.code(202).send({ sku, [what]: true });
    });
  }

  // The warehouse (or the ERP behind it) signs a wake-up as it signs receipts; a manager may too.
  app.post('/skus/:sku/stock-changed', {
    config: { auth: 'manager-or-warehouse' },
    schema: {
      summary: 'Stock of a SKU changed: its agent checks now', tags: ['skus'], params: SkuParam,
      response: {
        202: AgentSignalled('woken').describe('agent woken'), 400: notASku, 404: refused('no agent was ever started for the SKU'),
        409: refused('the agent is stopped: POST /agents starts it again'),
      },
    },
  }, async (req, reply) => {
    const { sku } = req.params;
    await agents.signal(sku, 'stock-changed');
    return reply.code(202).send({ sku, woken: true });
  });

  app.get('/skus', {
    schema: {
      summary: 'SKUs with their stock, agent status, phase and past outcomes, a page at a time in SKU order',
      tags: ['skus'], querystring: SkuListQuery,
      response: { 200: SkuPage.describe('`items` of the page, `next` to pass as `after` for the next page, `total` SKUs'), 400: refused('a bad limit or cursor') },
    },
  }, async (req) => {
    const { limit, after } = req.query;
    // One more than the page tells whether another follows.
    const { items: read, total } = await world.inventoryPage({ ...(after === undefined ? {} : { after }), limit: limit + 1 });
    const page = read.slice(0, limit);
    // The page's agents and their runs are read from visibility, side by side: no workflow query.
    const skus = page.map((i) => i.sku);
    const [summaries, listed] = await Promise.all([agents.summaries(skus), agents.phases(skus)]);
    const phases = listed ?? await agents.askedPhases(summaries);
    const items = page.map((stock) => {
      const status = summaries.get(stock.sku);
      return {
        sku: stock.sku, onHand: stock.onHand, safetyStock: stock.safetyStock, targetLevel: stock.targetLevel, onOrder: stock.onOrder,
        agent: status?.status ?? 'none',
        error: status?.error ?? null,
        phase: phases.get(stock.sku) ?? null,
        activeReplenishment: status?.active?.workflowId ?? null,
        outcomes: status?.outcomes ?? {},
      };
    });
    return { items, next: read.length > limit ? page.at(-1)!.sku : null, total };
  });

  app.get('/skus/:sku', {
    schema: {
      summary: 'One SKU: stock, demand, agent, the running replenishment with its decision log', tags: ['skus'], params: SkuParam,
      response: { 200: SkuView.describe('the SKU'), 400: notASku, 404: refused('unknown SKU') },
    },
  }, async (req) => {
    const { sku } = req.params;
    // A SKU the ERP no longer knows still has its agent to show (in error, saying why).
    const [read, status] = await Promise.all([knownSku(world, sku).then((level) => ({ level }), (err: unknown) => ({ err })), agents.status(sku)]);
    if ('err' in read && !(read.err instanceof HttpError && status)) throw read.err;
    const stock = 'level' in read ? read.level : null;
    const lastId = status && status.replenishments > 0 ? replenishmentId(sku, status.replenishments) : null;
    const replenishment = lastId ? await agents.replenishment(status?.active?.workflowId ?? lastId) : null;
    return {
      sku,
      currency: currencyOf(rules),
      stock,
      demand: stock ? demandView(stock, status?.memory, new Date().toISOString(), rules.dayMs, policyOf(rules)) : null,
      agent: status ? {
        status: status.status, replenishments: status.replenishments, error: status.error ?? null, rules: status.rules,
        active: status.active && replenishment?.workflowId === status.active.workflowId ? replenishment.gate : null,
      } : null,
      pastOutcomes: (status?.memory.recent ?? []).map((o) => ({ ...o, workflowId: replenishmentId(sku, o.replenishment) })),
      runs: lastRuns(sku, status?.replenishments ?? 0),
      suppliers: status?.memory.suppliers ?? {},
      replenishment: replenishment && {
        workflowId: replenishment.workflowId,
        phase: replenishment.phase,
        waiting: replenishment.waiting,
        po: replenishment.state.po,
        decision: replenishment.state.decision,
        order: replenishment.state.order,
        cancelledOrders: replenishment.state.cancelledOrders ?? [],
        received: replenishment.state.received,
        replies: replenishment.state.replies.map(({ messageId, kind, deliveryDate, unitPrice, quantity, receivedAt }) =>
          ({ messageId, kind, deliveryDate, unitPrice, quantity, receivedAt })),
        log: replenishment.state.log,
        notes: replenishment.notes,
        rules: replenishment.rules,
      },
    };
  });

  app.get('/approvals', {
    schema: { summary: 'Purchase orders waiting for the manager\'s decision', tags: ['purchase orders'], description: 'Each run\'s PO waiting for a decision, and each supplier\'s consolidated PO (SPO-<supplier>-<k>, `kind: "consolidated"`) with its `lines`, decided whole at the same decision routes.',
      response: { 200: Approvals.describe('the POs waiting, ordered by SKU') } },
  }, async (req) => ({ currency: currencyOf(rules), items: await waiting.list(logDamaged(req)) }));
}
