/**
 * A stored row that cannot be read: a JSON column written by hand, cut short, or by another
 * version. It is the row's fault, not the database's: a list leaves it out and goes on, and a
 * request for that row alone is answered as the service's own fault (500), never as a dependency
 * that could not be reached (503), which would have the caller try again for nothing.
 */
export class DamagedRow extends Error {
  constructor(readonly table: string, readonly key: string, readonly column: string, cause: unknown) {
    super(`the stored row ${key} of ${table} cannot be read: its ${column} is not what the service wrote (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
    this.name = 'DamagedRow';
  }
}

/** A JSON column of a row, parsed; a DamagedRow naming the row and the column when it is not JSON of that kind. */
export function jsonColumn<T>(table: string, key: string, column: string, text: string, kind: 'array' | 'object'): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new DamagedRow(table, key, column, err);
  }
  const isKind = kind === 'array' ? Array.isArray(value) : value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!isKind) throw new DamagedRow(table, key, column, `not a JSON ${kind}`);
  return value as T;
}

/** Called with each row a list leaves out; the API logs it. */
export type OnDamaged = (err: DamagedRow) => void;

/** Each row read on its own: one that cannot be read is left out (and reported), never the whole list's failure. */
export function readEach<R, T>(rows: R[], read: (row: R) => T, onDamaged: OnDamaged = () => {}): T[] {
  const out: T[] = [];
  for (const row of rows) {
    try {
      out.push(read(row));
    } catch (err) {
      if (!(err instanceof DamagedRow)) throw err;
      onDamaged(err);
    }
  }
  return out;
}
