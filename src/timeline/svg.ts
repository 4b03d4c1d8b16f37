import type { Timeline } from './types.js';
import { attrs, clip, COLOURS, duration, el, esc, OUTCOME_COLOURS, tickStep, title } from './svg-elements.js';
import { rowsOf } from './svg-rows.js';

export { duration } from './svg-elements.js';

const WIDTH = 1000;
const TRACK_X0 = 410;
const TRACK_X1 = 970;
const AXIS_Y = 84;
const BAND_LABEL_Y = 100;
const ROWS_Y = 110;
const ROW_H = 26;

/**
 * A timeline drawn as a standalone SVG: one row per turn, a time axis scaled to the run, turns as
 * marks, tool calls as short spans with a tick per retry, waits as bars coloured by how they
 * ended, pink bands where no worker took the run's tasks, and the outcome. Only presentation
 * attributes, no <style>: the page's CSP allows no inline styles, and the file stands alone.
 */
export function timelineSvg(t: Timeline): string {
  const start = Date.parse(t.start);
  const until = Date.parse(t.until);
  const span = Math.max(1, until - start);
  const x = (iso: string | number) => TRACK_X0 + ((typeof iso === 'number' ? iso : Date.parse(iso)) - start) / span * (TRACK_X1 - TRACK_X0);
  const rows = rowsOf(t);
  const rowsBottom = ROWS_Y + Math.max(1, rows.length) * ROW_H;
  const height = rowsBottom + 30 + (t.workerChanges.length ? 18 : 0) + 34;
  const out: string[] = [];

  const name = t.workflowId ?? t.workflowType ?? 'workflow';
  const outcomeText = t.outcome
    ? `${t.outcome.outcome}${t.outcome.reason ? `: ${t.outcome.reason}` : ''}`
    : t.status === 'running' ? 'still running' : t.status;
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs({
    width: WIDTH, height, viewBox: `0 0 ${WIDTH} ${height}`, role: 'img', 'aria-labelledby': 'tl-title tl-desc',
    'font-family': 'system-ui, -apple-system, \'Segoe UI\', Roboto, \'DejaVu Sans\', Arial, sans-serif', 'font-size': 12, fill: COLOURS.text,
  })}>`);
  out.push(el('title', { id: 'tl-title' }, esc(`Timeline of ${name}`)));
  out.push(el('desc', { id: 'tl-desc' }, esc(`${rows.length} turns, ${t.waits.length} waits, ${t.gaps.length} periods with the worker down; ${outcomeText}`)));
  out.push(el('rect', { x: 0, y: 0, width: WIDTH, height, fill: '#ffffff' }));

  // Header: what, when, how it ended.
  out.push(el('text', { x: 16, y: 26, 'font-size': 16, 'font-weight': 'bold' }, esc(clip(name, 70))));
  const ran = `${t.end ? 'ran' : 'running for'} ${duration(until - start)}`;
  out.push(el('text', { x: 16, y: 46, fill: COLOURS.muted }, esc(`started ${t.start.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} · ${ran}`)));
  const badge = t.outcome?.outcome ?? (t.status === 'running' ? 'running' : t.status);
  const badgeW = 16 + badge.length * 7.5;
  out.push(`<g class="outcome">${title(outcomeText)}${el('rect', {
    x: WIDTH - 16 - badgeW, y: 12, width: badgeW, height: 22, rx: 11,
    fill: OUTCOME_COLOURS[badge] ?? (t.status === 'running' ? COLOURS.running : COLOURS.canceled),
  })}${el('text', { x: WIDTH - 16 - badgeW / 2, y: 27, 'text-anchor': 'middle', fill: '#ffffff', 'font-weight': 'bold' }, esc(badge))}</g>`);
  out.push(el('text', { x: WIDTH - 16, y: 52, 'text-anchor': 'end', fill: COLOURS.muted }, esc(clip(outcomeText, 80))));

  // Axis: offsets from the start, scaled to the run.
  const step = tickStep(span);
  out.push(el('line', { x1: TRACK_X0, y1: AXIS_Y, x2: TRACK_X1, y2: AXIS_Y, stroke: COLOURS.muted }));
  out.push(el('text', { x: TRACK_X0 - 8, y: AXIS_Y - 6, 'text-anchor': 'end', fill: COLOURS.muted, 'font-size': 11 }, 'time since start'));
  for (let k = 0; k * step <= span + 1e-6; k++) {
    const tx = x(start + k * step);
    out.push(el('line', { x1: tx, y1: AXIS_Y - 4, x2: tx, y2: rowsBottom, stroke: COLOURS.grid }));
    out.push(el('text', { x: tx, y: AXIS_Y - 8, 'text-anchor': 'middle', fill: COLOURS.muted, 'font-size': 11 }, esc(k === 0 ? '0' : `+${duration(k * step)}`)));
  }

  // Bands over the grid, under the rows.
  for (const g of t.gaps) {
    const gx = x(g.from);
    const gw = Math.max(4, x(g.to) - gx);
    const label = `worker down ${duration(Date.parse(g.to) - Date.parse(g.from))}`;
    out.push(`<g class="gap">${title(`${label}: ${g.reasons.join('; ')}`)}${el('rect', {
      x: gx, y: AXIS_Y, width: gw, height: rowsBottom - AXIS_Y, fill: COLOURS.gap, 'fill-opacity': 0.8,
    })}${el('text', {
      x: gx + gw / 2, y: BAND_LABEL_Y, 'text-anchor': gw > 110 ? 'middle' : gx + gw / 2 > TRACK_X1 - 60 ? 'end' : 'start',
      fill: COLOURS.gapText, 'font-size': 11, 'font-weight': 'bold', stroke: COLOURS.gap, 'stroke-width': 4, 'paint-order': 'stroke',
    }, esc(label))}</g>`);
  }

  // One row per turn.
  rows.forEach((r, i) => {
    const y = ROWS_Y + i * ROW_H;
    const cy = y + ROW_H / 2;
    if (i % 2 === 1) out.push(el('rect', { x: 8, y, width: WIDTH - 16, height: ROW_H, fill: '#000000', 'fill-opacity': 0.03 }));
    const words = [r.summary, r.reason ? `why: ${r.reason}` : null].filter(Boolean).join(' — ');
    out.push(`<g class="turn">${title(`turn ${r.turn ?? '–'}: ${r.tool}${words ? ` — ${words}` : ''}`)}`
      + el('text', { x: 40, y: cy + 4, 'text-anchor': 'end', fill: COLOURS.muted }, esc(r.turn === null ? '' : String(r.turn)))
      + el('text', { x: 50, y: cy + 4, 'font-weight': 'bold' }, esc(clip(r.tool, 26)))
      + el('text', { x: 228, y: cy + 4, fill: COLOURS.muted, 'font-size': 11 }, esc(clip(r.note, 30)))
      + (r.decideAt !== null ? el('path', {
        d: `M${x(r.decideAt)} ${cy - 5} l5 5 l-5 5 l-5 -5 z`, fill: COLOURS.decide,
      }) : '')
      + '</g>');

    for (const w of r.waits) {
      const wx = x(w.startedAt);
      const end = w.endedAt ? Date.parse(w.endedAt) : until;
      const ww = Math.max(4, x(end) - wx);
      const fill = { message: COLOURS.message, timeout: COLOURS.timeout, waiting: COLOURS.waiting, interrupted: COLOURS.interrupted }[w.ended];
      const how = w.ended === 'message'
        ? `ended by ${w.message?.event ?? 'a message'}${w.message?.by ? ` from ${w.message.by}` : ''}`
        : w.ended === 'timeout' ? `ended by its timeout (${duration(w.timeoutMs)})` : w.ended === 'waiting' ? 'still waiting' : 'the run closed during the wait';
      out.push(`<g class="wait wait-${w.ended}">${title(`${w.summary ?? w.tool ?? 'wait'}: ${how}, after ${duration(end - Date.parse(w.startedAt))}`)}`
        + el('rect', {
          x: wx, y: cy - 6, width: ww, height: 12, rx: 3, fill,
          ...(w.ended === 'waiting' ? { stroke: COLOURS.message, 'stroke-dasharray': '4 3' } : {}),
        })
        + (w.ended === 'message' ? el('circle', { cx: wx + ww, cy, r: 5, fill: '#ffffff', stroke: COLOURS.message, 'stroke-width': 2 }) : '')
        + (w.ended === 'timeout' ? el('path', { d: `M${wx + ww} ${cy - 7} l0 14`, stroke: '#e65100', 'stroke-width': 3 }) : '')
        + '</g>');
    }

    for (const c of r.calls) {
      const cx = x(c.scheduledAt);
      const end = c.endedAt ? Date.parse(c.endedAt) : until;
      const cw = Math.max(4, x(end) - cx);
      const fill = { completed: COLOURS.completed, failed: COLOURS.failed, 'timed out': COLOURS.failed, canceled: COLOURS.canceled, running: COLOURS.running }[c.result];
      const tip = `${c.summary ?? c.activityId}: ${c.result}${c.attempts > 1 ? `, ${c.attempts} attempts` : ''}${c.failure ? ` — ${c.failure}` : ''}${c.lastFailure ? ` (retried after: ${c.lastFailure})` : ''}`;
      out.push(`<g class="call call-${c.result.replace(' ', '-')}">${title(tip)}${el('rect', { x: cx, y: cy - 4, width: cw, height: 8, rx: 2, fill })}`);
      for (const a of c.retries) {
        out.push(`<g class="retry">${title(`attempt ${a.attempt}${a.estimated ? ' (time estimated from the retry policy)' : ''}`)}${el('line', {
          x1: x(a.at), y1: cy - 9, x2: x(a.at), y2: cy + 9, stroke: COLOURS.retry, 'stroke-width': 2,
          ...(a.estimated ? { 'stroke-dasharray': '3 2' } : {}),
        })}</g>`);
      }
      if (c.attempts > 1) {
        const lx = Math.max(...c.retries.map((a) => x(a.at)), cx + cw) + 5;
        out.push(el('text', { x: Math.min(lx, TRACK_X1 - 18), y: cy - 6, fill: COLOURS.retry, 'font-size': 10, 'font-weight': 'bold' }, `×${c.attempts}`));
      }
      out.push('</g>');
    }
  });
  if (rows.length === 0) out.push(el('text', { x: TRACK_X0, y: ROWS_Y + 16, fill: COLOURS.muted }, 'no turns yet'));

  if (t.status === 'running') {
    out.push(el('line', { x1: TRACK_X1, y1: AXIS_Y, x2: TRACK_X1, y2: rowsBottom, stroke: COLOURS.muted, 'stroke-dasharray': '2 3' }));
    out.push(el('text', { x: TRACK_X1, y: rowsBottom + 14, 'text-anchor': 'middle', fill: COLOURS.muted, 'font-size': 11 }, 'now'));
  }

  let y = rowsBottom + 16;
  for (const w of t.workerChanges) {
    const wx = x(w.at);
    out.push(`<g class="worker-change">${title(`the run's workflow tasks moved from worker ${w.from} to ${w.to}`)}`
      + el('line', { x1: wx, y1: AXIS_Y, x2: wx, y2: rowsBottom + 4, stroke: COLOURS.worker, 'stroke-dasharray': '5 3', 'stroke-width': 1.5 })
      + el('text', { x: Math.min(wx, TRACK_X1 - 10), y: y + 2, 'text-anchor': wx > TRACK_X1 - 200 ? 'end' : 'start', fill: COLOURS.worker, 'font-size': 11 },
        esc(`worker ${clip(w.to, 40)} took over`))
      + '</g>');
  }
  if (t.workerChanges.length) y += 18;

  // Legend.
  y += 14;
  let lx = 16;
  const item = (shape: string, label: string) => {
    out.push(`<g class="legend">${shape}${el('text', { x: lx + 22, y: y + 4, fill: COLOURS.muted, 'font-size': 11 }, esc(label))}</g>`);
    lx += 30 + label.length * 6.2;
  };
  item(el('path', { d: `M${lx + 8} ${y - 5} l5 5 l-5 5 l-5 -5 z`, fill: COLOURS.decide }), 'decision');
  item(el('rect', { x: lx, y: y - 4, width: 16, height: 8, rx: 2, fill: COLOURS.completed }), 'tool call');
  item(el('line', { x1: lx + 8, y1: y - 8, x2: lx + 8, y2: y + 8, stroke: COLOURS.retry, 'stroke-width': 2 }), 'retry');
  item(el('rect', { x: lx, y: y - 6, width: 16, height: 12, rx: 3, fill: COLOURS.message }), 'wait ended by a message');
  item(el('rect', { x: lx, y: y - 6, width: 16, height: 12, rx: 3, fill: COLOURS.timeout }), 'wait timed out');
  item(el('rect', { x: lx, y: y - 6, width: 16, height: 12, rx: 3, fill: COLOURS.waiting, stroke: COLOURS.message, 'stroke-dasharray': '4 3' }), 'still waiting');
  item(el('rect', { x: lx, y: y - 7, width: 16, height: 14, fill: COLOURS.gap }), 'worker down');

  out.push('</svg>');
  return out.join('\n');
}
