import { homedir } from 'node:os';
import { join } from 'node:path';

/** Per-user cache outside the repo, so a fresh clone on the same machine reuses what was built. */
export function cacheDir(): string {
  const base = process.env.STOCK_REPLENISHER_CACHE
    ?? (process.env.XDG_CACHE_HOME ? join(process.env.XDG_CACHE_HOME, 'stock-replenisher') : join(homedir(), '.cache', 'stock-replenisher'));
  return base;
}
