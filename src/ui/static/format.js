/* global document, window */
// Building elements from text, and numbers, amounts and times in a manager's words.
import { state } from './state.js';

export const $ = (id) => document.getElementById(id);

/** An element with attributes and children; strings become text nodes. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof window.Node ? c : String(c));
  return el;
}

// Price breaks go below the cent (0.025 a washer): show up to four decimals, never fewer than two.
/** Every amount with the deployment's currency (from /ui/config.json). */
export const amount = (n) => n.toFixed(Math.min(4, Math.max(2, (String(n).split('.')[1] || '').length)));
export const price = (n) => (typeof n === 'number' ? `${amount(n)}${state.config && state.config.currency ? ` ${state.config.currency}` : ''}` : '–');
export const count = (n) => (typeof n === 'number' ? new Intl.NumberFormat().format(n) : '–');
export const clock = (iso) => (iso ? new Date(iso).toLocaleString() : '');
export const time = (iso) => (iso ? new Date(iso).toLocaleTimeString() : '');

export function duration(ms) {
  const v = Math.max(0, ms);
  if (v < 1000) return `${Math.round(v)} ms`;
  if (v < 60000) return `${(v / 1000).toFixed(v < 10000 ? 1 : 0).replace(/\.0$/, '')} s`;
  const s = Math.round(v / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const m = Math.round(s / 60);
  if (m < 1440) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  const hours = Math.round(m / 60);
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

export const RESULT_WORDS = { ok: 'done', message: 'answered', timeout: 'timed out', error: 'failed', refused: 'refused', fallback: 'fell back' };

/** Changes a cell only when what it shows changed, so a click never lands on a replaced element. */
export function setCell(cell, key, ...content) {
  if (cell.dataset.key === key) return;
  cell.dataset.key = key;
  cell.replaceChildren(...content);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element, as `h` makes an HTML one. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c instanceof window.Node ? c : document.createTextNode(String(c)));
  return el;
}
