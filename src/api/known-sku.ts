import type { World } from '../domain/world.js';
import { isBusinessRefusal } from '../world/errors.js';

/** The SKU's stock as the world reads it, or null for a SKU the world does not stock (its refusal); other failures throw. */
export async function stockOfKnownSku(world: World, sku: string) {
  try {
    return await world.stock(sku);
  } catch (err) {
    if (isBusinessRefusal(err)) return null;
    throw err;
  }
}
