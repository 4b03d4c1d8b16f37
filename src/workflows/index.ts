export { SkuAgent } from './sku-agent.js';
export { Replenish } from './replenish.js';
export { SupplierDesk } from './supplier-desk.js';
