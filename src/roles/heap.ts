/**
 * The V8 heap limit the service runs with unless NODE_OPTIONS sets one. Without a limit V8 lets
 * the heap grow far before it collects: a worker holding 250 cached workflows at 10,000 agents sat
 * at 938 MB at rest and 1,234 MB after a burst, and at 685 and 759 MB with this limit (docs/benchmarks.md,
 * "Worker settings"). The workflow thread's heap is bounded by it too.
 */
export const DEFAULT_HEAP_MB = 768;

const HEAP_FLAG = /(^|\s)--max[-_]old[-_]space[-_]size(=|\s|$)/;

/** NODE_OPTIONS with the default heap limit added; as given when it sets a limit of its own. */
export function withDefaultHeap(nodeOptions: string | undefined): string {
  const given = nodeOptions?.trim() ?? '';
  return HEAP_FLAG.test(given) ? given : [given, `--max-old-space-size=${DEFAULT_HEAP_MB}`].filter(Boolean).join(' ');
}
