import type { Actors } from '../actors.js';
import type { Faults } from '../faults.js';
import type { SandboxStore } from '../store.js';

export interface SandboxContext {
  store: SandboxStore;
  dayMs: number;
  faults: Faults;
  /** Present only in demo mode. */
  actors: Actors | null;
  /** Business days of daily consumption the inventory reports (its demand history); 0: the average only. */
  demandHistoryDays: number;
}

export const iso = (ms: number) => new Date(ms).toISOString();
