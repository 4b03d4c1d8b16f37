import type { Agents } from './agents.js';
import { HttpError } from './errors.js';
import { PurchaseOrderView, refused } from './responses.js';
import { PoParam, type Api } from './schemas.js';

/** Purchase orders looked up by number: Temporal's visibility is the index, no table of our own. */
export function purchaseOrderRoutes(app: Api, agents: Agents): void {
  app.get('/purchase-orders/:po', {
    schema: {
      summary: 'The replenishment working on a purchase order',
      description: 'Found by the PoNumber search attribute, else by the workflow id the PO number names (replenish-<SKU>-<n>).',
      tags: ['purchase orders'], params: PoParam,
      response: {
        200: PurchaseOrderView.describe('where the PO is worked on: workflow id, status, phase, outcome'),
        400: refused('not a PO number'), 404: refused('no such purchase order'),
      },
    },
  }, async (req) => {
    const { po } = req.params;
    const found = await agents.findPurchaseOrder(po);
    if (!found) throw new HttpError(404, `no replenishment works on ${po}`);
    return found;
  });
}
