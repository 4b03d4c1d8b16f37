/** Outside text kept in state is capped: state travels in every activity call and query. */
export const EXCERPT_CHARS = 280;

export function excerpt(text: string, max = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
