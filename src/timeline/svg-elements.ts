/** What the SVG timeline is drawn with: colours, escaping, element builders and short durations. */

export const COLOURS = {
  decide: '#455a64',
  completed: '#2e7d32',
  failed: '#c62828',
  canceled: '#757575',
  running: '#64b5f6',
  retry: '#ef6c00',
  message: '#1565c0',
  timeout: '#f9a825',
  waiting: '#bbdefb',
  interrupted: '#9e9e9e',
  gap: '#f8bbd0',
  gapText: '#ad1457',
  worker: '#6a1b9a',
  text: '#212121',
  muted: '#616161',
  grid: '#e0e0e0',
} as const;

export const OUTCOME_COLOURS: Record<string, string> = {
  received: '#2e7d32', rejected: '#ef6c00', cancelled: '#616161', gave_up: '#c62828', failed: '#c62828',
  terminated: '#c62828', 'timed out': '#c62828', canceled: '#616161',
};

export const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const clip = (s: string, max: number): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** 850 ms, 12.6 s, 4 min 10 s, 3 h 20 min, 2 d 4 h. */
export function duration(ms: number): string {
  const v = Math.max(0, ms);
  if (v < 1_000) return `${Math.round(v)} ms`;
  if (v < 60_000) return `${(v / 1_000).toFixed(v < 10_000 ? 1 : 0).replace(/\.0$/, '')} s`;
  const s = Math.round(v / 1_000);
  if (s < 3_600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const m = Math.round(s / 60);
  if (m < 1_440) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  const h = Math.round(m / 60);
  return `${Math.floor(h / 24)} d${h % 24 ? ` ${h % 24} h` : ''}`;
}

const STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500,
  1e3, 2e3, 5e3, 10e3, 15e3, 30e3,
  60e3, 120e3, 300e3, 600e3, 900e3, 1_800e3,
  3_600e3, 7_200e3, 10_800e3, 21_600e3, 43_200e3,
  86_400e3, 172_800e3, 604_800e3, 1_209_600e3, 2_592_000e3,
];

/** A round step for the time axis that gives at most eight ticks. */
export function tickStep(span: number): number {
  return STEPS.find((s) => span / s <= 8) ?? span / 8;
}

export const attrs = (a: Record<string, string | number | undefined>): string =>
  Object.entries(a).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}="${typeof v === 'number' ? +v.toFixed(2) : esc(v!)}"`).join(' ');
export const el = (name: string, a: Record<string, string | number | undefined>, body?: string): string =>
  body === undefined ? `<${name} ${attrs(a)}/>` : `<${name} ${attrs(a)}>${body}</${name}>`;
export const title = (s: string): string => `<title>${esc(s)}</title>`;
