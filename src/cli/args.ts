import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Command, OptionSpec, Values } from './command.js';
import { UsageError } from './errors.js';

export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  api: { type: 'string', value: 'url', help: 'the API to talk to (env REPLENISHER_API, default http://127.0.0.1:3000)' },
  token: { type: 'string', value: 'token', help: "a manager's bearer token (env REPLENISHER_TOKEN)" },
  'supplier-secret': { type: 'string', value: 'secret', help: 'sign supplier replies with this secret (env REPLENISHER_SUPPLIER_SECRET)' },
  'warehouse-secret': { type: 'string', value: 'secret', help: 'sign goods receipts and wake-ups as the warehouse (env REPLENISHER_WAREHOUSE_SECRET)' },
  json: { type: 'boolean', help: 'print JSON for machines instead of text' },
  help: { type: 'boolean', short: 'h', help: 'show help' },
};

const takesValue = (arg: string): boolean => {
  const name = arg.replace(/^--/, '');
  return arg.startsWith('--') && !arg.includes('=') && GLOBAL_OPTIONS[name]?.type === 'string';
};

/**
 * Finds the command words (`approve`, or `agents start`) wherever global options put them and
 * leaves everything else for the command's own parser.
 */
export function splitCommand(argv: string[], groups: ReadonlySet<string>): { words: string[]; rest: string[] } {
  const words: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const wantsWord = words.length === 0 || (words.length === 1 && groups.has(words[0]!));
    if (arg.startsWith('-')) {
      rest.push(arg);
      if (takesValue(arg) && i + 1 < argv.length) rest.push(argv[++i]!);
    } else if (wantsWord) words.push(arg);
    else rest.push(arg);
  }
  return { words, rest };
}

const toParseArgs = (specs: Record<string, OptionSpec>): NonNullable<ParseArgsConfig['options']> =>
  Object.fromEntries(Object.entries(specs).map(([name, s]) => [name, s.short ? { type: s.type, short: s.short } : { type: s.type }]));

function parseError(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const message = e.message ?? String(err);
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return message.split('. ')[0]!;
  return message.replace(/\n/g, ' ');
}

/** Parses a command's arguments strictly; any mistake is a UsageError that shows the command's usage. */
export function parseCommand(cmd: Command | undefined, rest: string[]): { values: Values; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: toParseArgs({ ...GLOBAL_OPTIONS, ...cmd?.options }), allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(parseError(err), cmd);
  }
  const values = parsed.values as Values;
  if (!cmd || values.help) return { values, positionals: parsed.positionals };
  const { min, max } = cmd.positionals;
  const got = parsed.positionals.length;
  if (got < min) throw new UsageError(`missing ${cmd.args ?? 'argument'}`, cmd);
  if (max !== undefined && got > max) throw new UsageError(`unexpected argument ${JSON.stringify(parsed.positionals[max])}`, cmd);
  for (const [name, spec] of Object.entries(cmd.options ?? {})) {
    if (spec.required && values[name] === undefined) throw new UsageError(`--${name} is required`, cmd);
  }
  return { values, positionals: parsed.positionals };
}

export function text(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

/** A number option, checked here so that the API is not asked with nonsense. */
export function number(values: Values, name: string, kind: 'positive' | 'count', cmd: Command): number | undefined {
  const raw = text(values, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  const ok = raw.trim() !== '' && Number.isFinite(n) && n > 0 && (kind === 'positive' || Number.isInteger(n));
  if (!ok) throw new UsageError(`--${name} must be a ${kind === 'count' ? 'whole number above 0' : 'number above 0'}, not ${JSON.stringify(raw)}`, cmd);
  return n;
}

/** A date or date-time option as an ISO date-time; a bare date means midnight UTC. */
export function isoTime(values: Values, name: string, cmd: Command): string | undefined {
  const raw = text(values, name);
  if (raw === undefined) return undefined;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw}T00:00:00Z` : raw);
  if (Number.isNaN(t)) throw new UsageError(`--${name} must be a date like 2025-06-30 or 2025-06-30T12:00:00Z, not ${JSON.stringify(raw)}`, cmd);
  return new Date(t).toISOString();
}

export function oneOf<T extends string>(values: Values, name: string, allowed: readonly T[], cmd: Command): T | undefined {
  const raw = text(values, name);
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not ${JSON.stringify(raw)}`, cmd);
  return raw as T;
}
