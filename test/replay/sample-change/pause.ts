// A sample change to workflow logic, as a shim of the workflow API: every activity call is preceded
// by a one-millisecond timer. Replay compares commands, so a history recorded without the timer
// no longer replays unless the timer is behind `patched()`.
import { proxyActivities as recordedProxy, sleep, type ActivityOptions } from '@temporalio/workflow/lib/index.js';

export function pausedActivities(when: () => boolean) {
  return <A extends object>(options: ActivityOptions): A => {
    const activities = recordedProxy<Record<string, (...args: unknown[]) => Promise<unknown>>>(options);
    return new Proxy({}, {
      get: (_target, name: string) => async (...args: unknown[]) => {
        if (when()) await sleep(1);
        return activities[name]!(...args);
      },
    }) as A;
  };
}
