// Yesterday's workflow code, as a shim of the workflow API: it waited a millisecond before placing
// an order. A run that placed its order with it cannot be replayed by today's code from there on.
import { proxyActivities as recordedProxy, sleep, type ActivityOptions } from '@temporalio/workflow/lib/index.js';

export * from '@temporalio/workflow/lib/index.js';

export function proxyActivities<A extends object>(options: ActivityOptions): A {
  const activities = recordedProxy<Record<string, (...args: unknown[]) => Promise<unknown>>>(options);
  return new Proxy({}, {
    get: (_target, name: string) => async (...args: unknown[]) => {
      if (name === 'runTool' && (args[0] as { tool?: string } | undefined)?.tool === 'place_order') await sleep(1);
      return activities[name]!(...args);
    },
  }) as A;
}
