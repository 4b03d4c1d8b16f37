import type { ReplenishState } from '../domain/state.js';
import type { World } from '../domain/world.js';

/**
 * The world as one replenishment's tools see it. With price breaks a unit price depends on the
 * quantity, so a quote's current price, asked for without a quantity, is the price of the order
 * drafted from that quote: the figure check_before_order compares with the drafted price.
 */
export function draftedWorld(world: World, state: Pick<ReplenishState, 'po'>): World {
  const po = state.po;
  if (!po) return world;
  return {
    ...world,
    currentQuote: (quoteId, quantity) => world.currentQuote(quoteId, quantity ?? (quoteId === po.quoteId ? po.quantity : undefined)),
  };
}
