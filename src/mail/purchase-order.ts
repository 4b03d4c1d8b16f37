import { parsePoNumber, parseSpoNumber } from '../domain/ids.js';

/** `PO-` and what may follow it in a PO number (src/domain/ids.ts); punctuation after it is cut off. */
const CANDIDATE = /(?<![A-Za-z0-9_.-])PO-[A-Za-z0-9][A-Za-z0-9_.-]*/g;

/** Every PO number a text names, each once, in the order they first appear. */
export function posNamedIn(text: string): string[] {
  const found: string[] = [];
  for (const [token] of text.slice(0, 200_000).matchAll(CANDIDATE)) {
    const po = token.replace(/[._-]+$/, '');
    if (parsePoNumber(po) && !found.includes(po)) found.push(po);
  }
  return found;
}

/** `SPO-` and what may follow it in a consolidated PO number (src/domain/ids.ts). */
const SPO_CANDIDATE = /(?<![A-Za-z0-9_.@+-])SPO-[A-Za-z0-9][A-Za-z0-9_.@+-]*/g;

/** Every consolidated PO number a text names, each once, in the order they first appear. */
export function sposNamedIn(text: string): string[] {
  const found: string[] = [];
  for (const [token] of text.slice(0, 200_000).matchAll(SPO_CANDIDATE)) {
    const spo = token.replace(/[._@+-]+$/, '');
    if (parseSpoNumber(spo) && !found.includes(spo)) found.push(spo);
  }
  return found;
}
