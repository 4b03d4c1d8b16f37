import type { Actors } from '../actors.js';
import type { Faults } from '../faults.js';
import type { SandboxStore } from '../store.js';

export interface SandboxContext {
  store: SandboxStore;
  dayMs: number;
  /** The world's clock: wall time, or a simulated one (the year evaluation drives it day by day). */
  now: () => number;
  faults: Faults;
  /** Present only in demo mode. */
  actors: Actors | null;
  /** Business days of daily consumption the inventory reports (its demand history); 0: the average only. */
  demandHistoryDays: number;
}

export const iso = (ms: number) => new Date(ms).toISOString();
