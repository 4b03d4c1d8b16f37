// The workflow API as code written without patches would see it: every change always on.
export * from '@temporalio/workflow/lib/index.js';

export function patched(_patchId: string): boolean {
  return true;
}
