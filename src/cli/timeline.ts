import type { Turn } from '../domain/types.js';
import { toolByName } from '../tools/index.js';
import { duration, offset } from './format.js';
import type { Waiting } from './views.js';

export const TIMELINE_LEGEND = '● call  ✗ error  ○ refused  ├─┤ wait  ✉ ended by a message  ⏱ timed out  ▶ still waiting';

const isWait = (t: Turn): boolean => t.result === 'message' || t.result === 'timeout' || toolByName(t.tool)?.kind === 'wait';
const CALL_MARK: Record<string, string> = { ok: '●', error: '✗', refused: '○' };

/**
 * A replenishment's turns in time, one line each: the offset from the first turn, the tool, and a
 * track where calls are marks and waits are spans that end by a message or a timeout. A wait in
 * progress gets a last line that runs to now.
 */
export function timeline(log: Turn[], opts: { now: number; waiting: Waiting | null; width?: number }): string[] {
  if (log.length === 0 && !opts.waiting) return [];
  const width = opts.width ?? 32;
  const starts = log.map((t) => Date.parse(t.at));
  const t0 = starts[0] ?? opts.now;
  const lastStart = starts.at(-1) ?? t0;
  const end = opts.waiting ? Math.max(opts.now, lastStart) : lastStart;
  const span = Math.max(1, end - t0);
  const col = (t: number) => Math.min(width - 1, Math.max(0, Math.round(((t - t0) / span) * (width - 1))));
  const toolWidth = Math.max(...log.map((t) => t.tool.length), opts.waiting?.tool.length ?? 0);
  // Refused attempts share their turn's start, so a turn ends where the next numbered turn begins.
  // The log keeps no end times: the last turn before a wait in progress ended at an unknown time.
  const endOf = (i: number): number | null => {
    const next = log.findIndex((t, j) => j > i && t.turn > log[i]!.turn);
    if (next >= 0) return starts[next]!;
    return opts.waiting ? null : starts[i]!;
  };

  const line = (at: number, turn: number, tool: string, track: string[], text: string) =>
    `${offset(at - t0).padStart(8)}  ${String(turn).padStart(3)}  ${tool.padEnd(toolWidth)}  ${track.join('')}  ${text}`.trimEnd();
  const bar = (from: number, to: number, last: string) => {
    const track = Array<string>(width).fill(' ');
    const a = col(from);
    const b = col(to);
    if (b <= a) track[a] = last === '┤' ? '│' : last;
    else {
      track.fill('─', a + 1, b);
      track[a] = '├';
      track[b] = last;
    }
    return track;
  };

  const lines = log.map((t, i) => {
    const start = starts[i]!;
    if (isWait(t)) {
      const stop = endOf(i);
      const how = `${t.result === 'message' ? '✉ message' : t.result === 'timeout' ? '⏱ timeout' : t.result}${stop === null ? '' : ` after ${duration(stop - start)}`}`;
      return line(start, t.turn, t.tool, bar(start, stop ?? start, stop === null ? '├' : '┤'), how);
    }
    const track = Array<string>(width).fill(' ');
    track[col(start)] = CALL_MARK[t.result] ?? '●';
    return line(start, t.turn, t.tool, track, t.result === 'ok' ? '' : t.result);
  });

  if (opts.waiting) {
    const until = Date.parse(opts.waiting.until);
    const left = until - opts.now;
    const when = left >= 0 ? `times out in ${duration(left)}` : `timeout overdue by ${duration(-left)}`;
    const turn = (log.at(-1)?.turn ?? 0) + 1;
    lines.push(line(lastStart, turn, opts.waiting.tool, bar(lastStart, end, '▶'), `waiting for ${opts.waiting.events.join(' or ')}, ${when}`));
  }
  return lines;
}
