import { GLOBAL_OPTIONS } from './args.js';
import type { Command, OptionSpec } from './command.js';

const flag = (name: string, s: OptionSpec) => `${s.short ? `-${s.short}, ` : ''}--${name}${s.value ? ` <${s.value}>` : ''}`;

function optionLines(specs: Record<string, OptionSpec>): string[] {
  const entries = Object.entries(specs);
  const width = Math.max(...entries.map(([n, s]) => flag(n, s).length));
  return entries.map(([n, s]) => `  ${flag(n, s).padEnd(width)}  ${s.help}${s.required ? ' (required)' : ''}`);
}

/** The one-line usage of a command: required options spelled out, the others as [options]. */
export function usageLine(cmd: Command): string {
  const required = Object.entries(cmd.options ?? {}).filter(([, s]) => s.required).map(([n, s]) => flag(n, s));
  const optional = Object.values(cmd.options ?? {}).some((s) => !s.required);
  return ['replenisher', cmd.name, cmd.args, ...required, optional ? '[options]' : ''].filter(Boolean).join(' ');
}

export function commandHelp(cmd: Command): string {
  return [
    `Usage: ${usageLine(cmd)}`,
    '',
    `${cmd.summary[0]!.toUpperCase()}${cmd.summary.slice(1)}.`,
    ...(cmd.options && Object.keys(cmd.options).length ? ['', 'Options:', ...optionLines(cmd.options)] : []),
    '',
    'Global options:',
    ...optionLines(GLOBAL_OPTIONS),
    ...(cmd.examples?.length ? ['', 'Examples:', ...cmd.examples.map((e) => `  ${e}`)] : []),
  ].join('\n');
}

/** The usage line and the list of commands (of one group, if given): what a usage error shows. */
export function commandList(commands: Command[], group?: string): string {
  const shown = group ? commands.filter((c) => c.name.startsWith(`${group} `)) : commands;
  const width = Math.max(...shown.map((c) => `${c.name} ${c.args ?? ''}`.length));
  return [
    `Usage: replenisher ${group ? `${group} <subcommand>` : '<command>'} [options]`,
    '',
    'Commands:',
    ...shown.map((c) => `  ${`${c.name} ${c.args ?? ''}`.padEnd(width)}  ${c.summary}`),
  ].join('\n');
}

export function mainHelp(commands: Command[], group?: string): string {
  return [
    'replenisher: talks to the stock-replenisher REST API. Start and watch agents, decide purchase',
    "orders, pass on suppliers' replies and goods receipts.",
    '',
    commandList(commands, group),
    '',
    'Global options:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    "Run 'replenisher <command> --help' for a command's options.",
    'Exit codes: 0 ok, 1 failure or API unreachable, 2 usage error, 3 not found, 4 conflict, 5 unauthorized.',
  ].join('\n');
}
