import { done } from '../tools/done.js';
import type { CallSpan, Timeline, WaitSpan } from './types.js';
import { duration } from './svg-elements.js';

/** One line of the picture: a turn with its calls and waits, or a call or wait outside any turn. */
export interface Row {
  turn: number | null;
  at: number;
  tool: string;
  note: string;
  reason: string | null;
  summary: string | null;
  calls: CallSpan[];
  waits: WaitSpan[];
  decideAt: number | null;
}

function waitNote(w: WaitSpan, until: number): string {
  const took = duration((w.endedAt ? Date.parse(w.endedAt) : until) - Date.parse(w.startedAt));
  if (w.ended === 'message') return `${w.message?.event ?? 'message'} after ${took}`;
  if (w.ended === 'timeout') return `timed out after ${took}`;
  if (w.ended === 'waiting') return `waiting for ${took}`;
  return `interrupted after ${took}`;
}

function callNote(c: CallSpan): string {
  if (c.result === 'completed') return c.attempts > 1 ? `${c.attempts} attempts` : '';
  if (c.result === 'running') return c.attempts > 1 ? `running, attempt ${c.attempts}` : 'running';
  return `${c.result}${c.attempts > 1 ? ` after ${c.attempts} attempts` : ''}`;
}

export function rowsOf(t: Timeline): Row[] {
  const until = Date.parse(t.until);
  const rows: Row[] = t.turns.map((m) => ({
    turn: m.turn, at: Date.parse(m.at), tool: m.tool ?? '?', note: '', reason: m.reason, summary: m.summary,
    calls: [], waits: [], decideAt: Date.parse(m.at),
  }));
  const byTurn = new Map(rows.map((r) => [r.turn, r]));
  for (const c of t.calls) {
    const row = c.turn !== null ? byTurn.get(c.turn) : undefined;
    if (row && (row.calls.length === 0 || row.tool === c.tool)) row.calls.push(c);
    else rows.push({ turn: c.turn, at: Date.parse(c.scheduledAt), tool: c.tool, note: '', reason: null, summary: c.summary, calls: [c], waits: [], decideAt: null });
  }
  for (const w of t.waits) {
    const row = w.turn !== null ? byTurn.get(w.turn) : undefined;
    if (row) row.waits.push(w);
    else rows.push({ turn: w.turn, at: Date.parse(w.startedAt), tool: w.tool ?? 'wait', note: '', reason: null, summary: w.summary, calls: [], waits: [w], decideAt: null });
  }
  for (const r of rows) {
    const notes = [...r.calls.map(callNote), ...r.waits.map((w) => waitNote(w, until))].filter(Boolean);
    if (r.tool === done.name && t.outcome) notes.push(t.outcome.outcome);
    r.note = notes.join('; ');
  }
  return rows.sort((a, b) => a.at - b.at || (a.turn ?? 0) - (b.turn ?? 0));
}
