import { describe, expect, it } from 'vitest';
import { startStack } from '../support/stack.js';
import { story } from './story.js';

describe('an agent told to stop', () => {
  it('a stopped agent finishes and says so', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku({ onHand: 50, safetyStock: 20, targetLevel: 100 });
    await story(stack, sku).startAgent();
    expect((await stack.authed('POST', `/agents/${sku}/stop`)).status).toBe(202);
    const result = await stack.agent(sku).result();
    expect(result.status).toBe('stopped');
    expect((await stack.authed('POST', `/agents/${sku}/pause`)).status).toBe(404);
  });
});
