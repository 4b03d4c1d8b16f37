import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createActors } from '../../src/sandbox/actors.js';
import { buildSandbox } from '../../src/sandbox/app.js';
import { seedCatalogue } from '../../src/sandbox/seed.js';
import { SandboxStore } from '../../src/sandbox/store.js';
import { createWorldClient } from '../../src/world/client.js';
import { afterThisTest, orderFrom, startFakeAgent, tempFile } from '../support/sandbox.js';

const DAY = 86_400_000;
const T0 = Date.parse('2031-03-03T08:00:00Z');

/** A sandbox on a clock the test moves, whose actors act only when ticked, with one fate for every order. */
async function drivenSandbox(fate: { behaviour?: 'prompt' | 'refuse'; lateDays?: number }) {
  const agent = await startFakeAgent();
  const store = new SandboxStore(tempFile(afterThisTest));
  seedCatalogue(store);
  let now = T0;
  const actors = createActors(store, DAY, { apiUrl: agent.url, driven: true, consumptionPerDay: 0, fateOf: () => fate }, pino({ level: 'silent' }), () => now);
  const app = buildSandbox({ store, dayMs: DAY, clock: () => now, actors });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  afterThisTest(async () => { await app.close(); store.close(); });
  const world = createWorldClient({ baseUrl: url, timeoutMs: 2000 });
  const [quote] = (await world.quotes('TAPE-50', 40)).filter((q) => q.supplier === 'quickparts');
  return { agent, actors, world, quote: quote!, advance: (days: number) => { now += days * DAY; } };
}

describe('a sandbox driven by a simulation', () => {
  it('keeps the simulation\'s time, acts only when ticked, and confirms the date an order\'s fate gives', async () => {
    const { agent, actors, world, quote, advance } = await drivenSandbox({ lateDays: 3 });
    expect(Date.parse(quote.validUntil)).toBeGreaterThan(T0);
    const ack = await world.placeOrder(orderFrom(quote, 'TAPE-50', 40, 'PO-TAPE-1'), 'PO-TAPE-1');
    expect(Date.parse(ack.expectedDelivery)).toBe(T0 + quote.leadTimeDays * DAY);

    await actors.tick();
    expect(agent.calls).toEqual([]);
    advance(1);
    await actors.tick();
    const [reply] = agent.of('/supplier-replies');
    expect(reply!.body.fields).toMatchObject({ kind: 'confirmed', deliveryDate: new Date(T0 + (quote.leadTimeDays + 3) * DAY).toISOString() });
    expect(agent.of('/receipts')).toEqual([]);

    advance(quote.leadTimeDays + 3);
    await actors.tick();
    expect(agent.of('/receipts').map((c) => c.body)).toEqual([{ receiptId: 'GR-PO-TAPE-1', quantity: 40 }]);
  });

  it('a fate of refusal has the supplier refuse, whatever its own setting', async () => {
    const { agent, actors, world, quote, advance } = await drivenSandbox({ behaviour: 'refuse' });
    await world.placeOrder(orderFrom(quote, 'TAPE-50', 40, 'PO-TAPE-2'), 'PO-TAPE-2');
    advance(1);
    await actors.tick();
    expect(agent.of('/supplier-replies').map((c) => c.body.fields.kind)).toEqual(['refused']);
    advance(10);
    await actors.tick();
    expect(agent.of('/receipts')).toEqual([]);
  });
});
