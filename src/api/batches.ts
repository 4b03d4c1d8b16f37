/** `items` in runs of `size`, in order: for list calls that take a bounded number of ids, and work kept to a bounded concurrency. */
export function* batchesOf<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** `work` over the items, `size` at a time, results in the items' order. */
export async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const batch of batchesOf(items, size)) out.push(...await Promise.all(batch.map(work)));
  return out;
}
