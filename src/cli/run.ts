import { Api, DEFAULT_API } from './api.js';
import { parseCommand, splitCommand, text } from './args.js';
import type { Command, Context } from './command.js';
import { commands, groups } from './commands/index.js';
import { ApiError, CliError, EXIT, UsageError } from './errors.js';
import { commandHelp, commandList, mainHelp, usageLine } from './help.js';

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  now?: () => number;
}

const setting = (value: string | undefined, env: string | undefined) => value || env || undefined;

/** Runs one command line and resolves to the exit code; never throws. */
export async function run(argv: string[], io: Io): Promise<number> {
  const { words, rest } = splitCommand(argv, groups);
  const jsonMode = rest.includes('--json');
  let cmd: Command | undefined;
  try {
    if (words[0] === 'help') return help(rest.filter((a) => !a.startsWith('-')), io);
    cmd = commands.find((c) => c.name === words.join(' '));
    if (!cmd) return withoutCommand(words, rest, io);
    const input = parseCommand(cmd, rest);
    if (input.values.help) {
      io.stdout(commandHelp(cmd));
      return EXIT.ok;
    }
    const { values } = input;
    const api = new Api({
      baseUrl: setting(text(values, 'api'), io.env.REPLENISHER_API) ?? DEFAULT_API,
      token: setting(text(values, 'token'), io.env.REPLENISHER_TOKEN),
      supplierSecret: setting(text(values, 'supplier-secret'), io.env.REPLENISHER_SUPPLIER_SECRET),
      warehouseSecret: setting(text(values, 'warehouse-secret'), io.env.REPLENISHER_WAREHOUSE_SECRET),
      onRateLimited: (s) => io.stderr(`replenisher: the API asks to slow down; trying again in ${s}s`),
    });
    const ctx: Context = { api, json: values.json === true, env: io.env, out: io.stdout, err: io.stderr, now: io.now ?? Date.now };
    const code = await cmd.run(ctx, input);
    return typeof code === 'number' ? code : EXIT.ok;
  } catch (err) {
    return report(err, io, jsonMode);
  }
}

function help(words: string[], io: Io): number {
  const cmd = commands.find((c) => c.name === words.join(' '));
  if (cmd) io.stdout(commandHelp(cmd));
  else if (words.length && !groups.has(words[0]!)) throw new UsageError(`unknown command ${JSON.stringify(words.join(' '))}`);
  else io.stdout(mainHelp(commands, words[0]));
  return EXIT.ok;
}

/** No command matched: help when asked for, otherwise a usage error naming what was wrong. */
function withoutCommand(words: string[], rest: string[], io: Io): number {
  const group = words[0] && groups.has(words[0]) ? words[0] : undefined;
  const asked = rest.includes('--help') || rest.includes('-h');
  if (asked && (words.length === 0 || (group && words.length === 1))) {
    io.stdout(mainHelp(commands, group));
    return EXIT.ok;
  }
  if (words.length === 0) throw new UsageError('no command given');
  if (group && words.length === 1) throw new UsageError(`${group} needs a subcommand`, undefined, group);
  throw new UsageError(`unknown command ${JSON.stringify(words.join(' '))}`, undefined, group);
}

function report(err: unknown, io: Io, jsonMode: boolean): number {
  if (!(err instanceof CliError)) {
    io.stderr(`replenisher: unexpected error: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    return EXIT.other;
  }
  if (jsonMode) {
    io.stderr(JSON.stringify({
      error: err.message, exitCode: err.exitCode, ...(err instanceof ApiError ? { status: err.status } : {}), ...(err.hint ? { hint: err.hint } : {}),
    }));
    return err.exitCode;
  }
  const lines = [`replenisher: ${err.message}`];
  if (err.hint) lines.push(err.hint);
  const command = err instanceof UsageError ? commands.find((c) => c.name === err.command) : undefined;
  if (err instanceof UsageError) {
    lines.push('', ...(command
      ? [`Usage: ${usageLine(command)}`, `Run 'replenisher ${command.name} --help' for its options.`]
      : [commandList(commands, err.group), '', "Run 'replenisher --help' for the global options."]));
  }
  io.stderr(lines.join('\n'));
  return err.exitCode;
}
