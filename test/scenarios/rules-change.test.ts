import { describe, expect, it } from 'vitest';
import { agentStatusQuery } from '../../src/workflows/messages.js';
import { eventually, startStack } from '../support/stack.js';
import { story } from './story.js';

describe('a changed configuration', () => {
  it('reaches every agent at its next stock check, while a replenishment already running keeps the rules it started with', async () => {
    const stack = await startStack({ temporal: 'dev', rules: { maxChases: 2, stockCheckEveryDays: 30 } });
    const running = stack.newSku();
    const watching = stack.newSku({ onHand: 500, safetyStock: 20, targetLevel: 100 });
    const r = story(stack, running);
    const w = story(stack, watching);
    const request = await r.parkAtApproval();
    await w.startAgent();
    await eventually(() => stack.agent(watching).query(agentStatusQuery), (st) => st.stock !== null, 30_000, 'the first stock check');

    // The service is redeployed with MAX_CHASES=5.
    await stack.stopWorker();
    await stack.startWorker({ ...stack.rules, maxChases: 5 });

    expect((await stack.authed('POST', `/skus/${watching}/stock-changed`)).status).toBe(202);
    const checked = await eventually(() => w.view(), (v) => v.agent?.rules?.maxChases === 5, 30_000, 'the new rules at the next check');
    expect(checked.agent.status).toBe('watching');

    expect((await r.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);
    await r.phase('ordered');
    const view = await r.view();
    expect(view.replenishment.rules.maxChases).toBe(2);
  });
});
