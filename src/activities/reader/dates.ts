// Dates as suppliers write them, in the languages read; always as midnight UTC of that day.

/** Month names and their common abbreviations (English, German, French, Spanish), by month number. */
const MONTH_NAMES: [number, string][] = [
  [1, 'january|jan|januar|jän|janvier|janv|enero|ene|januari|gennaio|genn'], [2, 'february|feb|februar|février|févr|fevrier|febrero|februari|febbraio'],
  [3, 'march|mar|märz|maerz|mars|marzo|maart|mrt'], [4, 'april|apr|avril|avr|abril|abr|aprile'], [5, 'may|mai|mayo|mei|maggio'],
  [6, 'june|jun|juni|juin|junio|giugno'], [7, 'july|jul|juli|juillet|juil|julio|luglio'], [8, 'august|aug|août|aout|agosto|ago|augustus'],
  [9, 'september|sept|sep|septembre|septiembre|setiembre|settembre'], [10, 'october|oct|oktober|okt|octobre|octubre|ottobre'],
  [11, 'november|nov|novembre|noviembre'], [12, 'december|dec|dezember|dez|décembre|decembre|diciembre|dic|dicembre'],
];
const MONTH = MONTH_NAMES.map(([, names]) => names).join('|');

function monthNumber(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  return MONTH_NAMES.find(([, names]) => names.split('|').includes(lower))?.[0] ?? 0;
}

type Parts = (m: RegExpExecArray, dayFirst: boolean) => [number, number, number] | undefined;
const PATTERNS: { re: RegExp; parts: Parts }[] = [
  { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, parts: (m) => [+m[1]!, +m[2]!, +m[3]!] },
  // 14 March 2025, 14th Mar. 2025, 12. März 2025, 3 de junio de 2025, le 3 juin 2025
  { re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er)?\\.?\\s+(?:de\\s+)?(${MONTH})\\.?,?\\s+(?:de\\s+)?(\\d{4})\\b`, 'i'), parts: (m) => [+m[3]!, monthNumber(m[2]!), +m[1]!] },
  // March 14, 2025
  { re: new RegExp(`\\b(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i'), parts: (m) => [+m[3]!, monthNumber(m[1]!), +m[2]!] },
  // 14-03-2025 (Dutch, and others): day first, as with dots.
  { re: /\b(\d{1,2})-(\d{1,2})-(\d{4})\b/, parts: (m) => [+m[3]!, +m[2]!, +m[1]!] },
  // 14.03.2025: day first wherever dots are used.
  { re: /\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/, parts: (m) => [+m[3]!, +m[2]!, +m[1]!] },
  // 14/03/2025 or 03/14/2025; 04/05/2025 only when the text is written the European way.
  { re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/, parts: (m, dayFirst) => slashed(+m[1]!, +m[2]!, +m[3]!, dayFirst) },
];

function slashed(a: number, b: number, y: number, dayFirst: boolean): [number, number, number] | undefined {
  if (a > 12 && b <= 12) return [y, b, a];
  if (b > 12 && a <= 12) return [y, a, b];
  if (a === b || dayFirst) return [y, b, a];
  return undefined;
}

/** Letters and signs of German, French, Spanish or British text, where the day comes first. */
const DAY_FIRST = /[äöüßéèàçñ¿¡€£]|\b(?:EUR|GBP)\b|\b(?:wir|und|der|die|das|nous|votre|vous|avec|nosotros|su|pedido|con|entrega|il|vi|ordine|consegna|di|wij|uw|het|een|levering|bestelling)\b/i;
export const writesDayFirst = (sentences: string[]): boolean => sentences.some((s) => DAY_FIRST.test(s));

function isoDate(y: number, month: number, d: number): string | undefined {
  const at = new Date(Date.UTC(y, month - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === month - 1 && at.getUTCDate() === d ? at.toISOString() : undefined;
}

export interface FoundDate { iso: string | undefined; index: number; end: number }

/** Every date written in a sentence, in order; an ambiguous one is found (so its digits are not read as amounts) but has no `iso`. */
export function datesIn(s: string, dayFirst = false): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { re, parts } of PATTERNS) {
    for (const m of s.matchAll(new RegExp(re.source, `${re.flags}g`))) {
      const start = m.index;
      if (found.some((f) => start < f.end && f.index < start + m[0].length)) continue;
      const p = parts(m as RegExpExecArray, dayFirst);
      found.push({ iso: p && isoDate(...p), index: start, end: start + m[0].length });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Words before a date that make it the new one ("moved from X to Y", "new delivery date Y", "neuer Liefertermin"). */
const NEW_DATE_CUE = /\b(?:new|revised|updated|now|until|till|to|postponed|moved|rescheduled|pushed back|neue[rn]?|auf den|bis (?:zum|am)|nouvelle|au|reportée?|jusqu'au|nueva|para el|hasta el|al)\b[^\d\n]{0,30}$/i;
/** Words before a date that make it the date of something else (the order, the buyer's mail, an absence). */
const OTHER_DATE_CUE = /\b(?:dated|of your|your (?:order|po|mail|email|message) (?:of|from)|sent|vom|du|del|ordered on|placed on|received on|invoice)\s*$/i;

/** The delivery date: the first date stated as the new one, or else the first date that is not another date. */
export function deliveryDate(sentences: string[]): string | undefined {
  let first: string | undefined;
  const dayFirst = writesDayFirst(sentences);
  for (const s of sentences) {
    for (const d of datesIn(s, dayFirst)) {
      if (!d.iso) continue;
      const before = s.slice(0, d.index);
      if (NEW_DATE_CUE.test(before) && !/\bfrom\s*$/i.test(before)) return d.iso;
      if (!OTHER_DATE_CUE.test(before)) first ??= d.iso;
    }
  }
  return first;
}
