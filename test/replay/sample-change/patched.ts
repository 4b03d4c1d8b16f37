// The sample change behind `patched()`: a run whose history has no marker replays the old path.
import { patched } from '@temporalio/workflow/lib/index.js';
import { pausedActivities } from './pause.js';

export * from '@temporalio/workflow/lib/index.js';
export const proxyActivities = pausedActivities(() => patched('sample-change'));
