import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { Client } from '@temporalio/client';
import type { temporal } from '@temporalio/proto';

type Event = temporal.api.history.v1.IHistoryEvent;

export const ms = (e: Event): number => {
  const t = e.eventTime!;
  return Number(t.seconds) * 1000 + Math.floor((t.nanos ?? 0) / 1e6);
};

export async function events(client: Client, workflowId: string, runId?: string): Promise<Event[]> {
  return (await client.workflow.getHandle(workflowId, runId).fetchHistory()).events ?? [];
}

/**
 * Wake latencies of a child workflow: for the k-th message, to the start of the first activity the
 * child runs after the forwarded signal, from `sent[k]` (the sender's clock, the same machine as
 * the server) and from the Update accepted by the entity (which hides the wait for the entity's own
 * workflow task, e.g. behind a dead worker's sticky queue).
 */
export function wakes(entity: Event[], child: Event[], sent: number[]): { fromSend: number; fromAccepted: number }[] {
  const accepted = entity.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes).map(ms);
  const signals = child.map((e, i) => ({ e, i })).filter(({ e }) => e.workflowExecutionSignaledEventAttributes?.signalName === 'deliver');
  const out: { fromSend: number; fromAccepted: number }[] = [];
  signals.forEach(({ i }, k) => {
    const started = child.slice(i).find((e) => e.activityTaskStartedEventAttributes);
    const from = accepted.filter((t) => t <= ms(child[i]!)).at(-1) ?? accepted[k];
    if (started && from !== undefined && sent[k] !== undefined) out.push({ fromSend: ms(started) - sent[k]!, fromAccepted: ms(started) - from });
  });
  return out;
}

/** The entity run that started a child, from the child's record of its parent. */
export async function parentRun(client: Client, childId: string): Promise<{ workflowId: string; runId: string }> {
  const d = await client.workflow.getHandle(childId).describe();
  const p = d.raw.workflowExecutionInfo!.parentExecution!;
  return { workflowId: p.workflowId!, runId: p.runId! };
}

/** CPU seconds (user + system) and RSS bytes of a process, from /proc. */
export function procStats(pid: number): { cpuSeconds: number; rssBytes: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssPages = Number(fields[21]);
  return { cpuSeconds: ticks / 100, rssBytes: rssPages * 4096 };
}

/**
 * CPU seconds of a process and every living process under it (utime, stime and the children it
 * reaped): PostgreSQL's backends, a tsx launcher's node. 0 when it is gone.
 */
export function treeCpuSeconds(root: number): number {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), Number(f[1]));
      cpu.set(Number(name), (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100);
    } catch { /* gone meanwhile */ }
  }
  let total = 0;
  for (const [pid, seconds] of cpu) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) {
      if (p === root) { total += seconds; break; }
    }
  }
  return total;
}

/** Share of one core a process used over `windowMs`, and its RSS at the end. */
export async function sampleProcess(pid: number, windowMs: number): Promise<{ cpuPercent: number; rssMB: number }> {
  const a = procStats(pid);
  const t = Date.now();
  await new Promise((r) => setTimeout(r, windowMs));
  const b = procStats(pid);
  return { cpuPercent: round(((b.cpuSeconds - a.cpuSeconds) / ((Date.now() - t) / 1000)) * 100, 1), rssMB: round(b.rssBytes / 2 ** 20, 0) };
}

export const fileMB = (...files: string[]): number =>
  round(files.reduce((n, f) => { try { return n + statSync(f).size; } catch { return n; } }, 0) / 2 ** 20, 1);

export const round = (x: number, digits = 0): number => Math.round(x * 10 ** digits) / 10 ** digits;

export async function poolAll<T, R>(items: T[], n: number, fn: (t: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  }));
  return out;
}

export async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number, what: string, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (ok(last)) return last;
    } catch { /* not there yet */ }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}; last seen ${JSON.stringify(last)?.slice(0, 300)}`);
}
