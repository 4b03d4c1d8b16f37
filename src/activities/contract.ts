import type { Rules } from '../domain/rules.js';
import type { ReplenishState } from '../domain/state.js';
import type { StockLevel, Usage } from '../domain/types.js';

export interface DecideRequest {
  goal: string;
  state: ReplenishState;
  allowed: string[];
  turn: number;
  now: string;
}

export interface Choice {
  tool: string;
  input: unknown;
  reason?: string;
  usage?: Usage;
}

export interface RunToolRequest {
  tool: string;
  input: unknown;
  state: ReplenishState;
  rules: Rules;
  idempotencyKey: string;
}

/** The activities as workflows see them; createActivities must satisfy this. */
export interface Activities {
  decide(req: DecideRequest): Promise<Choice>;
  runTool(req: RunToolRequest): Promise<unknown>;
  checkStock(sku: string): Promise<StockLevel>;
}

export interface Decider {
  readonly name: string;
  decide(req: DecideRequest): Promise<Choice>;
}
