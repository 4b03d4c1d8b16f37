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

/** How a text writes its dates: which comes first in 04/05, and when the mail came (the year of a date written without one). */
export interface DateSense {
  dayFirst?: boolean;
  monthFirst?: boolean;
  /** ISO time the mail arrived. */
  receivedAt?: string;
}

type Parts = (m: RegExpExecArray, sense: DateSense) => [number, number, number] | undefined;
/** Words after which a bare "28.03." or "7/18" is a date: "am 28.03.", "ships Friday 7/18", "le 3/9". */
const DAY_CUE = `(?<=\\b(?:am|bis|zum|ab|den|vom|ca\\.|le|au|el|del|on|by|for|until|eta|ship|ships|shipping|delivery|deliver|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|montag|dienstag|mittwoch|donnerstag|freitag|lundi|mardi|mercredi|jeudi|vendredi|lunes|martes|miércoles|jueves|viernes),?\\s)`;
const ORDINAL = '(?:st|nd|rd|th|er|re|e|º|°)?';
const PATTERNS: { re: RegExp; parts: Parts }[] = [
  { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, parts: (m) => [+m[1]!, +m[2]!, +m[3]!] },
  // 14 March 2025, 14th Mar. 2025, 12. März 2025, 3 de junio de 2025, le 3 juin 2025
  { re: new RegExp(`\\b(\\d{1,2})${ORDINAL}\\.?\\s+(?:de\\s+)?(${MONTH})\\.?,?\\s+(?:de\\s+)?(\\d{4})\\b`, 'i'), parts: (m) => [+m[3]!, monthNumber(m[2]!), +m[1]!] },
  // March 14, 2025
  { re: new RegExp(`\\b(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i'), parts: (m) => [+m[3]!, monthNumber(m[1]!), +m[2]!] },
  // 14-03-2025 (Dutch, and others): day first, as with dots.
  { re: /\b(\d{1,2})-(\d{1,2})-(\d{4})\b/, parts: (m) => [+m[3]!, +m[2]!, +m[1]!] },
  // 14.03.2025 or 14.03.25: day first wherever dots are used.
  { re: /\b(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2}(?![\d.]))\b/, parts: (m) => [fullYear(m[3]!), +m[2]!, +m[1]!] },
  // 14/03/2025 or 03/14/2025; 04/05/2025 as the text's sense of dates says.
  { re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2}(?![\d/]))\b/, parts: (m, sense) => slashed(+m[1]!, +m[2]!, fullYear(m[3]!), sense) },
  // Without a year, from when the mail came: 28 March, 28th of March, 28 de marzo, le 3 juin, am 12. Mai
  { re: new RegExp(`\\b(\\d{1,2})${ORDINAL}\\.?\\s+(?:of\\s+|de\\s+)?(${MONTH})\\b\\.?`, 'i'), parts: (m, sense) => yearless(monthNumber(m[2]!), +m[1]!, sense) },
  // March 28th, Jun 12
  { re: new RegExp(`\\b(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?![.,:]?\\d)`, 'i'), parts: (m, sense) => yearless(monthNumber(m[1]!), +m[2]!, sense) },
  // am 28.03., bis 3.4.
  { re: new RegExp(`${DAY_CUE}(\\d{1,2})\\.(\\d{1,2})\\.(?!\\d)`, 'i'), parts: (m, sense) => yearless(+m[2]!, +m[1]!, sense) },
  // ships Friday 7/18, le 3/9
  { re: new RegExp(`${DAY_CUE}(\\d{1,2})\\/(\\d{1,2})\\b(?!\\/)`, 'i'), parts: (m, sense) => {
    const [, month, day] = slashed(+m[1]!, +m[2]!, 2000, sense) ?? [];
    return month === undefined ? undefined : yearless(month, day!, sense);
  } },
];

const fullYear = (y: string): number => (y.length === 2 ? 2000 + +y : +y);
const DAY_MS = 86_400_000;

/** The year of a date written without one: the next such day after the mail came (or a few days before, for what just happened). */
function yearless(month: number, day: number, sense: DateSense): [number, number, number] | undefined {
  if (!sense.receivedAt || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const came = Date.parse(sense.receivedAt);
  if (Number.isNaN(came)) return undefined;
  const year = new Date(came).getUTCFullYear();
  for (const y of [year - 1, year, year + 1]) {
    if (Date.UTC(y, month - 1, day) >= came - 7 * DAY_MS) return [y, month, day];
  }
  return undefined;
}

function slashed(a: number, b: number, y: number, sense: DateSense): [number, number, number] | undefined {
  if (a > 12 && b <= 12) return [y, b, a];
  if (b > 12 && a <= 12) return [y, a, b];
  if (a === b || sense.dayFirst) return [y, b, a];
  if (sense.monthFirst) return [y, a, b];
  return undefined;
}

/** Letters and signs of German, French, Spanish or British text, where the day comes first. */
const DAY_FIRST = /[äöüßéèàçñ¿¡€£]|\b(?:EUR|GBP)\b|\b(?:wir|und|der|die|das|nous|votre|vous|avec|nosotros|su|pedido|con|entrega|il|vi|ordine|consegna|di|wij|uw|het|een|levering|bestelling)\b/i;
export const writesDayFirst = (sentences: string[]): boolean => sentences.some((s) => DAY_FIRST.test(s));

/**
 * How the sentences write dates: day first in European text; month first where the money is US
 * dollars and nothing says otherwise (a US supplier's 07/04 is the 4th of July).
 */
export function dateSense(sentences: string[], context: { currency?: string; receivedAt?: string } = {}): DateSense {
  const dayFirst = writesDayFirst(sentences);
  const monthFirst = !dayFirst && (context.currency === 'USD' || sentences.some((s) => /(?<![A-Z]{1,2})\$|\bUSD\b/.test(s)));
  return { dayFirst, monthFirst, ...(context.receivedAt ? { receivedAt: context.receivedAt } : {}) };
}

function isoDate(y: number, month: number, d: number): string | undefined {
  const at = new Date(Date.UTC(y, month - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === month - 1 && at.getUTCDate() === d ? at.toISOString() : undefined;
}

export interface FoundDate { iso: string | undefined; index: number; end: number }

/** Every date written in a sentence, in order; an ambiguous one is found (so its digits are not read as amounts) but has no `iso`. */
export function datesIn(s: string, how: DateSense | boolean = {}): FoundDate[] {
  const sense = typeof how === 'boolean' ? { dayFirst: how } : how;
  const found: FoundDate[] = [];
  for (const { re, parts } of PATTERNS) {
    for (const m of s.matchAll(new RegExp(re.source, `${re.flags}g`))) {
      const start = m.index;
      if (found.some((f) => start < f.end && f.index < start + m[0].length)) continue;
      const p = parts(m as RegExpExecArray, sense);
      found.push({ iso: p && isoDate(...p), index: start, end: start + m[0].length });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Words before a date that make it the new one ("moved from X to Y", "new delivery date Y", "neuer Liefertermin"). */
const NEW_DATE_CUE = /\b(?:new|revised|updated|now|until|till|to|postponed|moved|rescheduled|pushed back|neue[rn]?|auf den|bis (?:zum|am)|nouvelle|au|reportée?|jusqu'au|nueva|para el|hasta el|al)\b[^\d\n]{0,30}$/i;
/** Words before a date that make it the date of something else (the order, the buyer's mail, an absence). */
const OTHER_DATE_CUE = /\b(?:dated|of your|your (?:order|po|mail|email|message) (?:of|from)|sent|vom|du|del|ordered on|placed on|received on|invoice|order date|po date|bestelldatum|belegdatum|date de commande|fecha (?:de )?pedido|wunschtermin|date demandée|fecha solicitada)\b[^\d\n]{0,12}$/i;
/** Words before a date that make it the goods' arrival, which wins over a ship date. */
const ARRIVAL_CUE = /\b(?:deliver\w*|arriv\w*|eta|estimated delivery|expected|in your (?:hands|warehouse)|on site|liefer\w*|zustell\w*|eintreffen|bei ihnen|livr\w*|arriv\w*|entrega\w*|llegar\w*|recibir\w*|consegn\w*|lever\w*)\b[^\d\n]{0,30}$/i;
/** A sentence about the supplier's own days off: its dates are not the delivery's. */
const CLOSURE = /\b(?:closed|closure|shut ?down|holidays?|bank holiday|betriebsferien|betriebsurlaub|geschlossen|feiertag\w*|fermé\w*|fermeture|congés|cerrad[oa]s?|cierre|vacaciones|festivo|chius[oa]|chiusura|per ferie|ferie|gesloten|vakantie)\b/i;

/** The delivery date: the first stated as the new one, else the first stated as the goods' arrival, else the first that is not another date. */
export function deliveryDate(sentences: string[], sense: DateSense = { dayFirst: writesDayFirst(sentences) }): string | undefined {
  let first: string | undefined;
  let arrival: string | undefined;
  const came = sense.receivedAt ? Date.parse(sense.receivedAt) : Number.NaN;
  for (const s of sentences) {
    if (CLOSURE.test(s) && !/\b(?:deliver|arriv|ship|dispatch|despatch|liefer|livr|expédi|entreg|env[íi]|consegn|spedi|lever)\w*/i.test(s)) continue;
    for (const d of datesIn(s, sense)) {
      // A date well before the mail came is the order's or an earlier mail's, not a delivery.
      if (!d.iso || Date.parse(d.iso) < came - 7 * DAY_MS) continue;
      const before = s.slice(0, d.index);
      if (NEW_DATE_CUE.test(before) && !/\bfrom\s*$/i.test(before)) return d.iso;
      if (OTHER_DATE_CUE.test(before)) continue;
      if (ARRIVAL_CUE.test(before)) arrival ??= d.iso;
      first ??= d.iso;
    }
  }
  return arrival ?? first;
}

/** A confirmation whose date falls after the day the order was placed for is a delay. */
export const laterThanPlaced = (date: string | undefined, context: { requestedDate?: string }): boolean =>
  date !== undefined && context.requestedDate !== undefined && date.slice(0, 10) > context.requestedDate.slice(0, 10);
