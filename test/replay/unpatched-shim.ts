// The workflow API as code written without the check-before-order patch would see it: that change
// always on. Other patches answer as usual, so only this change is what breaks the replay.
import { patched as recordedPatched } from '@temporalio/workflow/lib/index.js';

export * from '@temporalio/workflow/lib/index.js';

export function patched(patchId: string): boolean {
  return patchId === 'check-before-order' || recordedPatched(patchId);
}
