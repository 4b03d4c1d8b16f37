// Days counted from when the mail came: weekdays, ISO weeks, business days, a date without a year.

/** How a text writes its dates: which comes first in 04/05, and when the mail came (the year of a date written without one). */
export interface DateSense {
  dayFirst?: boolean;
  monthFirst?: boolean;
  /** ISO time the mail arrived. */
  receivedAt?: string;
}

export const DAY_MS = 86_400_000;
/** A date this long before the mail came is what just happened ("shipped on the 2nd"); earlier ones are another year's or the order's. */
export const JUST_BEFORE_MS = 7 * DAY_MS;

/** The year of a date written without one: the next such day after the mail came (or a few days before, for what just happened). */
export function yearless(month: number, day: number, sense: DateSense): [number, number, number] | undefined {
  const came = arrivalOf(sense);
  if (came === undefined || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const year = new Date(came).getUTCFullYear();
  for (const y of [year - 1, year, year + 1]) {
    if (Date.UTC(y, month - 1, day) >= came - JUST_BEFORE_MS) return [y, month, day];
  }
  return undefined;
}

/**
 * Weekday names and abbreviations, Sunday first (as getUTCDay counts); Portuguese ones only with "-feira" ("segunda" is also
 * "second"). Polish, Swedish, Turkish and Hungarian ones with the forms a day takes after "on" or "by" ("w środę", "do
 * piątku", "torsdagen", "cumaya", "kedden", "péntekig"), since those languages inflect the name itself; Turkish with "i"
 * for the dotless "ı", as the visible text may carry it.
 */
export const WEEKDAYS = [
  'sunday|sun|sonntag|dimanche|domingo|domenica|zondag|niedziela|niedzielę|niedzieli|söndag|söndagen|pazar|pazara|vasárnap|vasárnapig',
  'monday|mon|montag|lundi|lunes|lunedì|maandag|segunda-feira|poniedziałek|poniedziałku|måndag|måndagen|pazartesi|pazartesiye|hétfő|hétfőn|hétfőig',
  'tuesday|tue|tues|dienstag|mardi|martes|martedì|dinsdag|terça-feira|wtorek|wtorku|tisdag|tisdagen|salı|sali|salıya|saliya|kedd|kedden|keddig',
  'wednesday|weds|wed|mittwoch|mercredi|miércoles|mercoledì|woensdag|quarta-feira|środa|środę|środy|onsdag|onsdagen|çarşamba|çarşambaya|szerda|szerdán|szerdáig',
  'thursday|thu|thur|thurs|donnerstag|jeudi|jueves|giovedì|donderdag|quinta-feira|czwartek|czwartku|torsdag|torsdagen|perşembe|perşembeye|csütörtök|csütörtökön|csütörtökig',
  'friday|fri|freitag|vendredi|viernes|venerdì|vrijdag|sexta-feira|piątek|piątku|fredag|fredagen|cuma|cumaya|péntek|pénteken|péntekig',
  'saturday|sat|samstag|samedi|sábado|sabato|zaterdag|sobota|sobotę|soboty|lördag|lördagen|cumartesi|cumartesiye|szombat|szombaton|szombatig',
];
export const WEEKDAY = WEEKDAYS.join('|');
export const weekdayNumber = (name: string): number => WEEKDAYS.findIndex((names) => names.split('|').includes(name.toLowerCase()));

/** The next day after the mail came (within a month, or a week without a day of the month) that is this weekday. */
export function onWeekday(weekday: number, dayOfMonth: number | undefined, sense: DateSense): [number, number, number] | undefined {
  const came = arrivalOf(sense);
  if (came === undefined || weekday < 0) return undefined;
  const start = came - (came % DAY_MS);
  for (let i = dayOfMonth === undefined ? 1 : 0; i <= (dayOfMonth === undefined ? 7 : 45); i++) {
    const d = new Date(start + i * DAY_MS);
    if (d.getUTCDay() === weekday && (dayOfMonth === undefined || d.getUTCDate() === dayOfMonth)) return partsOf(d.getTime());
  }
  return undefined;
}

/** When the mail came, in ms, if the sense knows it. */
export function arrivalOf(sense: DateSense): number | undefined {
  const came = sense.receivedAt ? Date.parse(sense.receivedAt) : Number.NaN;
  return Number.isNaN(came) ? undefined : came;
}

export const partsOf = (ms: number): [number, number, number] => {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
};

/** The day of ISO week `week` that is `weekday`, in the year the mail came or the next, whichever is not past. */
export function inIsoWeek(week: number, weekday: number, sense: DateSense): [number, number, number] | undefined {
  const came = arrivalOf(sense);
  if (came === undefined || weekday < 0 || week < 1 || week > 53) return undefined;
  const year = new Date(came).getUTCFullYear();
  for (const y of [year, year + 1]) {
    // ISO week 1 holds the 4th of January; its Monday starts the count.
    const jan4 = Date.UTC(y, 0, 4);
    const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
    const at = monday1 + ((week - 1) * 7 + ((weekday + 6) % 7)) * DAY_MS;
    if (at >= came - JUST_BEFORE_MS) return partsOf(at);
  }
  return undefined;
}

/** The day the mail came, or the day after: what "today" and "tomorrow" mean in it. */
/** `n` business days (Monday to Friday) after the mail came. */
export function businessDaysLater(n: number, sense: DateSense): [number, number, number] | undefined {
  const came = arrivalOf(sense);
  if (came === undefined) return undefined;
  let at = came;
  for (let left = n; left > 0;) {
    at += DAY_MS;
    if (![0, 6].includes(new Date(at).getUTCDay())) left--;
  }
  return partsOf(at);
}

/** The Friday of the week the mail came in (`weeks` 0) or of a later one. */
export function fridayOf(weeks: number, sense: DateSense): [number, number, number] | undefined {
  const came = arrivalOf(sense);
  if (came === undefined) return undefined;
  const day = new Date(came).getUTCDay();
  return partsOf(came + ((5 - day + 7) % 7 + 7 * weeks) * DAY_MS);
}

export function relativeDay(days: number, sense: DateSense): [number, number, number] | undefined {
  const came = arrivalOf(sense);
  return came === undefined ? undefined : partsOf(came + days * DAY_MS);
}

/**
 * "next Thursday": the Thursday of the calendar week after the mail's. Said early in a week it may
 * mean this week's Thursday too; a day only when both readings fall on the same day.
 */
export function nextWeekday(weekday: number, sense: DateSense): [number, number, number] | undefined {
  const came = arrivalOf(sense);
  if (came === undefined || weekday < 0) return undefined;
  const start = came - (came % DAY_MS);
  const mondayNext = start + (7 - ((new Date(start).getUTCDay() + 6) % 7)) * DAY_MS;
  const inNextWeek = mondayNext + ((weekday + 6) % 7) * DAY_MS;
  const next = onWeekday(weekday, undefined, sense);
  return next && Date.UTC(next[0], next[1] - 1, next[2]) === inNextWeek ? next : undefined;
}

/** "the 14th" with no month: that day of the month the mail came in or of the next, as a date without a year is read. */
export function nextDayOfMonth(day: number, sense: DateSense): [number, number, number] | undefined {
  const came = arrivalOf(sense);
  if (came === undefined || day < 1 || day > 31) return undefined;
  const at = new Date(came);
  for (const m of [at.getUTCMonth(), at.getUTCMonth() + 1]) {
    const d = new Date(Date.UTC(at.getUTCFullYear(), m, day));
    if (d.getUTCDate() === day && d.getTime() >= came - JUST_BEFORE_MS) return partsOf(d.getTime());
  }
  return undefined;
}
