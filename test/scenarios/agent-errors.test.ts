import { describe, expect, it } from 'vitest';
import { agentStatusQuery } from '../../src/workflows/messages.js';
import { eventually, startStack } from '../support/stack.js';
import { story } from './story.js';

describe('an agent whose stock cannot be read', () => {
  it('a SKU the ERP no longer knows: the agent shows error with the reason after one attempt, and resumes when the SKU reappears', async () => {
    const stack = await startStack({ temporal: 'dev', rules: { stockCheckEveryDays: 30 } });
    const sku = stack.newSku({ onHand: 50, safetyStock: 20, targetLevel: 100 });
    const s = story(stack, sku);
    await s.startAgent();
    await eventually(() => stack.agent(sku).query(agentStatusQuery), (st) => st.stock !== null, 30_000, 'the first stock check');

    const db = (stack.sandbox.store as unknown as { db: { prepare(q: string): { run(...a: unknown[]): void } } }).db;
    db.prepare('DELETE FROM stock WHERE sku = ?').run(sku);
    expect((await stack.authed('POST', `/skus/${sku}/stock-changed`)).status).toBe(202);

    const failed = await eventually(() => stack.agent(sku).query(agentStatusQuery), (st) => st.status === 'error', 30_000, 'the agent in error');
    expect(failed.error).toMatch(new RegExp(`the stock of ${sku} cannot be read: .*unknown SKU`));
    const view = await s.view();
    expect(view).toMatchObject({ stock: null, agent: { status: 'error', error: failed.error } });
    const listed = (await stack.api('GET', '/skus?limit=500')).body.items.find((i: { sku: string }) => i.sku === sku);
    expect(listed).toBeUndefined();
    // A refusal no retry changes is tried once, not forever.
    const history = await stack.agent(sku).fetchHistory();
    const started = (history.events ?? []).filter((e) => e.activityTaskStartedEventAttributes);
    expect(started.at(-1)?.activityTaskStartedEventAttributes?.attempt).toBe(1);
    // Prometheus sees it too, though the SKU is gone from the catalogue (visibility lists its agent).
    await eventually(async () => (await fetch(`${stack.apiUrl}/metrics`)).text(), (m) => /replenisher_agents\{status="error"\} [1-9]/.test(m), 30_000, 'the error agent in /metrics');

    stack.sandbox.store.setStock(sku, { onHand: 5, safetyStock: 20, targetLevel: 100 });
    expect((await stack.authed('POST', `/skus/${sku}/stock-changed`)).status).toBe(202);
    const request = await s.approvalRequest();
    expect(request.poNumber).toBe(`PO-${sku}-1`);
    expect((await stack.agent(sku).query(agentStatusQuery)).error).toBeNull();
  });
});
