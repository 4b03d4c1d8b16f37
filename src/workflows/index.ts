export { SkuAgent } from './sku-agent.js';
export { Replenish } from './replenish.js';
