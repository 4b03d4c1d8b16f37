import type { Api } from './api.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** The placeholder shown in help for a string option: `--max-price <n>`. */
  value?: string;
  help: string;
  required?: boolean;
}

export type Values = Record<string, string | boolean | undefined>;

export interface Context {
  api: Api;
  json: boolean;
  env: NodeJS.ProcessEnv;
  /** Writes one line (or several) to stdout. */
  out(text: string): void;
  /** Writes one line to stderr. */
  err(text: string): void;
  /** Milliseconds since the epoch; a seam for rendering tests. */
  now(): number;
}

export interface Command {
  /** The words that name it, e.g. `agents start` or `approve`. */
  name: string;
  /** Positional arguments as shown in usage, e.g. `<SKU...>`. */
  args?: string;
  summary: string;
  /** How many positionals it takes; `max` unset means any number from `min`. */
  positionals: { min: number; max?: number };
  options?: Record<string, OptionSpec>;
  examples?: string[];
  /** Resolves to the exit code, or to nothing for 0. */
  run(ctx: Context, input: { values: Values; positionals: string[] }): Promise<number | void>;
}
