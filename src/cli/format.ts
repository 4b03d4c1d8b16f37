/** Plain-text formatting for the terminal: tables, durations, money. */

export function table(headers: string[], rows: string[][], rightAligned: number[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells
    .map((c, i) => (rightAligned.includes(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
    .join('  ')
    .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

/** 0.4s, 12s, 4m05s, 2h03m, 3d04h. */
export function duration(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return `${s.toFixed(1)}s`;
  if (s < 60) return `${Math.floor(s)}s`;
  const two = (n: number) => String(Math.floor(n)).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}m${two(s % 60)}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h${two((s % 3600) / 60)}m`;
  return `${Math.floor(s / 86_400)}d${two((s % 86_400) / 3600)}h`;
}

export const offset = (ms: number): string => `+${duration(ms)}`;

/** 2025-06-30 14:05 UTC: a moment people read, from an ISO time. */
export const when = (iso: string | null | undefined): string => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '-');

export const money = (n: number | null | undefined): string => (typeof n === 'number' ? n.toFixed(2) : '-');

/** "4m05s ago", from an ISO time. */
export const ago = (iso: string | null | undefined, now: number): string => (iso ? `${duration(now - Date.parse(iso))} ago` : '-');

export const counts = (byKind: Record<string, number | undefined>): string =>
  Object.entries(byKind).filter(([, n]) => n).map(([k, n]) => `${k} ${n}`).join(', ') || '-';

export const json = (value: unknown): string => JSON.stringify(value, null, 2);
