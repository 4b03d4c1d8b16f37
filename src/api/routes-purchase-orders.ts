import type { FastifyInstance } from 'fastify';
import type { Agents } from './agents.js';
import { HttpError, parse } from './errors.js';
import { PoParam } from './schemas.js';

/** Purchase orders looked up by number: Temporal's visibility is the index, no table of our own. */
export function purchaseOrderRoutes(app: FastifyInstance, agents: Agents): void {
  app.get('/purchase-orders/:po', {
    config: {
      docs: {
        summary: 'The replenishment working on a purchase order',
        description: 'Found by the PoNumber search attribute, else by the workflow id the PO number names (replenish-<SKU>-<n>).',
        tags: ['purchase orders'], params: PoParam,
        responses: { 200: 'where the PO is worked on: workflow id, status, phase, outcome', 400: 'not a PO number', 404: 'no such purchase order' },
      },
    },
  }, async (req) => {
    const { po } = parse(PoParam, req.params, 'path');
    const found = await agents.findPurchaseOrder(po);
    if (!found) throw new HttpError(404, `no replenishment works on ${po}`);
    return found;
  });
}
