import type { Client } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import type { Health } from './api/responses.js';

/** Asks each part whether it is up; a part that does not answer in time counts as down. */
/** `worker` only in a process that runs one: an API replica's health has no worker part. */
export function healthOf(parts: { client: Client; worker?: () => Worker | undefined; worldUrl: string }): () => Promise<Health> {
  const withTimeout = async (check: () => Promise<string | undefined>) => {
    try {
      const detail = await Promise.race([
        check(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in 2 s')), 2000)),
      ]);
      return { ok: true, ...(detail ? { detail } : {}) };
    } catch (err) {
      return { ok: false, detail: err instanceof Error ? err.message : String(err) };
    }
  };
  return async () => {
    const [temporal, worker, world] = await Promise.all([
      withTimeout(async () => {
        const info = await parts.client.workflowService.getSystemInfo({});
        return `server ${info.serverVersion}`;
      }),
      parts.worker ? withTimeout(async () => {
        const state = parts.worker!()?.getState();
        if (state !== 'RUNNING') throw new Error(`worker is ${state ?? 'not started'}`);
        return 'polling';
      }) : null,
      withTimeout(async () => {
        const res = await fetch(`${parts.worldUrl}/health`, { signal: AbortSignal.timeout(2000) });
        if (!res.ok) throw new Error(`answered ${res.status}`);
        return parts.worldUrl;
      }),
    ]);
    return {
      ok: temporal.ok && (worker?.ok ?? true) && world.ok,
      parts: { temporal, ...(worker ? { worker } : {}), world },
    };
  };
}
