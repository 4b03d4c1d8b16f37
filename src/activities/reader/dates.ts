// Dates as suppliers write them, in the languages read; always as midnight UTC of that day.
import { arrivalOf, businessDaysLater, DAY_MS, fridayOf, inIsoWeek, JUST_BEFORE_MS, nextDayOfMonth, partsOf, nextWeekday, onWeekday, relativeDay, WEEKDAY, weekdayNumber, yearless, type DateSense } from './days.js';

export type { DateSense };

/** Month names and their common abbreviations (English, German, French, Spanish, Italian, Dutch, Portuguese, Polish), by month number. */
const MONTH_NAMES: [number, string][] = [
  [1, 'january|jan|januar|jän|janvier|janv|enero|ene|januari|gennaio|genn|janeiro|stycznia|styczeń'], [2, 'february|feb|februar|février|févr|fevrier|febrero|februari|febbraio|fevereiro|lutego|luty'],
  [3, 'march|mar|märz|maerz|mars|marzo|maart|mrt|março|marca|marzec'], [4, 'april|apr|avril|avr|abril|abr|aprile|kwietnia|kwiecień'], [5, 'may|mai|mayo|mei|maggio|maio|maja|maj'],
  [6, 'june|jun|juni|juin|junio|giugno|junho|czerwca|czerwiec'], [7, 'july|jul|juli|juillet|juil|julio|luglio|julho|lipca|lipiec'], [8, 'august|aug|août|aout|agosto|ago|augustus|sierpnia|sierpień'],
  [9, 'september|sept|sep|septembre|septiembre|setiembre|settembre|setembro|września|wrzesień'], [10, 'october|oct|oktober|okt|octobre|octubre|ottobre|outubro|października|październik'],
  [11, 'november|nov|novembre|noviembre|novembro|listopada|listopad'], [12, 'december|dec|dezember|dez|décembre|decembre|diciembre|dic|dicembre|dezembro|grudnia|grudzień'],
];
export const MONTH = MONTH_NAMES.map(([, names]) => names).join('|');

/** Hungarian month names and their abbreviations, by month number: "április", "ápr.", "márc.". */
const HU_MONTHS: string[] = ['január|jan', 'február|febr', 'március|márc', 'április|ápr', 'május|máj', 'június|jún', 'július|júl', 'augusztus|aug', 'szeptember|szept', 'október|okt', 'november|nov', 'december|dec'];
const HU_MONTH = `(?:${HU_MONTHS.join('|')})(?![\\p{L}])`;
const huMonth = (name: string): number => HU_MONTHS.findIndex((names) => names.split('|').includes(name.toLowerCase())) + 1;



export function monthNumber(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  return MONTH_NAMES.find(([, names]) => names.split('|').includes(lower))?.[0] ?? 0;
}


/**
 * A weekday as Polish ("w środę", "we wtorek", "do piątku", "na czwartek"), Swedish ("på torsdag", "till fredag", "senast
 * måndag"), Turkish ("perşembe günü", "bu cuma", "cumaya kadar") and Hungarian ("kedden", "csütörtökön", "péntekig") write
 * it for the day something happens on or by; the name is the one captured group that matched.
 */
const PL_SV_TR_HU_ON_A_DAY = [
  '(?<!\\p{L})(?:w|we|do|na)\\s+(?:(?:ten|tę|najbliższ\\p{L}*)\\s+)?(poniedziałek|wtorek|środę|czwartek|piątek|sobotę|niedzielę|poniedziałku|wtorku|środy|czwartku|piątku|soboty|niedzieli)',
  '(?<!\\p{L})(?:på|till|senast|nu på)\\s+(måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag)(?:en)?',
  '(?<!\\p{L})(?:bu\\s+)?(pazartesi|sal[ıi]|çarşamba|perşembe|cuma|cumartesi|pazar)\\s+(?:gün[üu]|sabah[ıi]|akşam[ıi]|öğleden sonra)',
  '(?<!\\p{L})bu\\s+(pazartesi|sal[ıi]|çarşamba|perşembe|cuma|cumartesi)',
  '(?<!\\p{L})(pazartesiye|sal[ıi]ya|çarşambaya|perşembeye|cumaya|cumartesiye)\\s+kadar',
  '(?<!\\p{L})(hétfőn|kedden|szerdán|csütörtökön|pénteken|szombaton|vasárnap|hétfőig|keddig|szerdáig|csütörtökig|péntekig|szombatig|vasárnapig)',
].join('|');

/** "next Thursday", "nächsten Donnerstag", "jeudi prochain": a weekday said to be the next one, without its date. */
const NEXT_WEEKDAY = new RegExp(`\\b(?:next|nächste[nr]?|kommende[nr]?|próximo|prochain)\\s+(${WEEKDAY})(?![\\wà-ÿ])(?!\\.?,?\\s+(?:the\\s+)?(?:\\d|(?:${MONTH})\\b))|\\b(${WEEKDAY})\\s+(?:prochain|próximo|que viene)\\b`, 'gi');

type Parts = (m: RegExpExecArray, sense: DateSense) => [number, number, number] | undefined;
/** Words after which a bare "28.03." or "7/18" is a date: "am 28.03.", "ships Friday 7/18", "le 3/9", "no dia 14/07", "Previsão de entrega: 18/09". */
const DAY_CUE = `(?<=\\b(?:am|bis|zum|ab|den|der|dem|einschließlich|spätestens|vom|ca\\.|le|au|el|del|il|al|dal|on|by|for|until|eta|ship|ships|shipping|dispatch|despatch|delivery|deliver|date|previst[ao] (?:a|para|em|no dia)|previsão(?: de (?:entrega|embarque|envio|expedição))?:?|(?:data|prazo) de entrega:?|prévue? (?:le|pour le)|liefertermin|lieferdatum|liefertag|termin|to you|with you|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|montag|dienstag|mittwoch|donnerstag|freitag|lundi|mardi|mercredi|jeudi|vendredi|lunes|martes|miércoles|jueves|viernes|maandag|dinsdag|woensdag|donderdag|vrijdag|lunedì|martedì|mercoledì|giovedì|venerdì|dia|expected|(?:date|eta|etd) (?:is|is now|now|will be|of|still|remains|stays)(?: at)?|(?:mo|di|mi|do|fr|sa|ma|wo|vr)\\.?),?\\s)`;
/**
 * "ETA to your Brisbane DC 19/01": an ETA is always a day, so a bare "19/01" a few words after it (no other number
 * between) is its date though no day word stands right before it.
 */
const ETA_AHEAD = '(?<=\\beta\\b[^\\d\\n.;]{0,30}\\s)';
/**
 * "New ship date for your 40 pcs of 16 ga panels is 12/15": a date field named, then what it "is", so the bare "12/15" after it
 * is that field's day, though other words and counts stand between.
 */
const DATE_IS = '(?<=\\b(?:date|eta|etd)\\b[^\\n.;?!]{0,60}\\s(?:is|is now|will be|becomes)\\s)';
const ORDINAL = '(?:st|nd|rd|th|er|re|e|º|°)?';
/** `weak`: a date by a word ("today"), used only when the mail names no other. */
/** `relative`: a day counted from the mail ("within 5 working days"), which names the goods' arrival itself. */
const PATTERNS: { re: RegExp; parts: Parts; weak?: boolean; relative?: boolean }[] = [
  { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, parts: (m) => [+m[1]!, +m[2]!, +m[3]!] },
  // 2026.06.18, 2026/06/18: year first, as East Asian and some ERP mail writes it
  { re: /\b(20\d{2})([./])(\d{1,2})\2(\d{1,2})\b(?![./]\d)/, parts: (m) => [+m[1]!, +m[3]!, +m[4]!] },
  // 2026. 10. 16.: year, month and day spaced out after their periods, as Hungarian writes a date
  { re: /\b(20\d{2})\.\s(\d{1,2})\.\s(\d{1,2})\b(?![.,]?\d)/, parts: (m) => [+m[1]!, +m[2]!, +m[3]!] },
  // 2026. április 8., 2026. ápr. 8-án: the year, the month's name and the day, as Hungarian writes a date
  { re: new RegExp(`(?<![\\d.])(20\\d{2})\\.\\s*(${HU_MONTH})\\.?\\s+(\\d{1,2})(?![\\d,])`, 'iu'), parts: (m) => [+m[1]!, huMonth(m[2]!), +m[3]!] },
  // április 8-án, márc. 12.: the same without a year, the day with its period or case ending
  { re: new RegExp(`(?<![\\p{L}])(${HU_MONTH})\\.?\\s+(\\d{1,2})(?:\\.(?!\\d)|-(?:án|én|ig|a|e|ra|re|jén|ján|áig|éig|ától|étől|i)(?![\\p{L}]))`, 'iu'), parts: (m, sense) => yearless(huMonth(m[1]!), +m[2]!, sense) },
  // 16JUN26, 16JUN2026: a carrier's or a booking system's day, month and year run together
  { re: new RegExp(`\\b(\\d{1,2})(${MONTH})(\\d{4}|\\d{2})\\b`, 'i'), parts: (m) => [fullYear(m[3]!), monthNumber(m[2]!), +m[1]!] },
  // 14.X.2026: the month in Roman numerals, as Polish, Italian and Czech mail writes it
  { re: /\b(\d{1,2})\.\s?(XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)\.\s?(20\d{2})\b/, parts: (m) => [+m[3]!, ROMAN.indexOf(m[2]!) + 1, +m[1]!] },
  // Ship date 20260616: an ERP's date with nothing between, only after a word that asks for a day (else it is a number)
  { re: new RegExp(`${DAY_CUE}(20\\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])\\b`, 'i'), parts: (m) => [+m[1]!, +m[2]!, +m[3]!] },
  // 14 March 2025, 14th Mar. 2025, 12. März 2025, 3 de junio de 2025, le 3 juin 2025 (a year, not the count after a date:
  // "w czwartek 10 grudnia 1200 szt.")
  { re: new RegExp(`\\b(\\d{1,2})${ORDINAL}\\.?\\s+(?:de\\s+)?(${MONTH})\\.?,?\\s+(?:de\\s+)?((?:19|20)\\d{2})\\b`, 'i'), parts: (m) => [+m[3]!, monthNumber(m[2]!), +m[1]!] },
  // March 14, 2025
  { re: new RegExp(`\\b(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i'), parts: (m) => [+m[3]!, monthNumber(m[1]!), +m[2]!] },
  // 10-Dec-2025, 10-Dec-25: an ERP's day, month name and year
  { re: new RegExp(`\\b(\\d{1,2})-(${MONTH})-(\\d{4}|\\d{2})\\b`, 'i'), parts: (m) => [fullYear(m[3]!), monthNumber(m[2]!), +m[1]!] },
  // 14-03-2025 (Dutch, and others): day first, as with dots.
  { re: /\b(\d{1,2})-(\d{1,2})-(\d{4})\b/, parts: (m) => [+m[3]!, +m[2]!, +m[1]!] },
  // 14.03.2025 or 14.03.25: day first wherever dots are used; 26. 2. 2027 spaced out, as Czech mail writes it.
  { re: /\b(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2}(?![\d.]))\b|\b(\d{1,2})\. (\d{1,2})\. (20\d{2})\b/, parts: (m) => (m[1] !== undefined ? [fullYear(m[3]!), +m[2]!, +m[1]!] : [+m[6]!, +m[5]!, +m[4]!]) },
  // 14/03/2025 or 03/14/2025; 04/05/2025 as the text's sense of dates says.
  { re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2}(?![\d/]))\b/, parts: (m, sense) => slashed(+m[1]!, +m[2]!, fullYear(m[3]!), sense) },
  // Without a year, from when the mail came: 28 March, 28th of March, 28 de marzo, le 3 juin, am 12. Mai
  { re: new RegExp(`\\b(\\d{1,2})${ORDINAL}\\.?\\s+(?:of\\s+|de\\s+)?(${MONTH})\\b\\.?`, 'i'), parts: (m, sense) => yearless(monthNumber(m[2]!), +m[1]!, sense) },
  // March 28th, Jun 12
  { re: new RegExp(`\\b(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?![.,:]?\\d)`, 'i'), parts: (m, sense) => yearless(monthNumber(m[1]!), +m[2]!, sense) },
  // am 28.03., bis 3.4.
  { re: new RegExp(`${DAY_CUE}(\\d{1,2})\\.(\\d{1,2})\\.(?!\\d)`, 'i'), parts: (m, sense) => yearless(+m[2]!, +m[1]!, sense) },
  // "na 20. 11.", "do 5. 12.", "am 20. 11.", "Termín expedice 10. 11.": day and month spaced out, as Czech, Slovak and Polish
  // mail writes them, after a word of a day (Czech and Polish "na", "do", "dne", "dnia", "od", Czech "termín", "expedice",
  // "dodání" among them); a price has no space after its mark.
  { re: new RegExp(`(?:${DAY_CUE}|(?<=\\b(?:na|do|dne|dnia|od|termín(?:u)?(?:\\s+(?:expedice|dodání|dodávky))?|expedice|dodání)\\s*:?\\s))(\\d{1,2})\\. (\\d{1,2})\\.(?!\\s?\\d)`, 'i'), parts: (m, sense) => yearless(+m[2]!, +m[1]!, sense) },
  // today, heute, ce jour, hoy; tomorrow, demain, mañana (not "guten Morgen", "por la mañana")
  { re: /\b(?:today|heute|aujourd'hui|ce jour|hoy|oggi|vandaag|(tomorrow|demain|domani|(?<!guten |por la |esta |de la )morgen|(?<!por la |esta |de la |en la )mañana))\b/i, parts: (m, sense) => relativeDay(m[1] === undefined ? 0 : 1, sense), weak: true },
  // dziś, hoje, dnes, idag, bugün; jutro, amanhã, zítra, imorgon, yarın, holnap: today and tomorrow in Polish, Portuguese,
  // Czech, Swedish and Turkish, and tomorrow in Hungarian (its "ma" is too short a word to tell from others)
  { re: /(?<![\wà-ž])(?:(dziś|dzisiaj|hoje|dnes|idag|i dag|bugün)|(jutro|amanhã|zítra|imorgon|i morgon|yarın|yarin|holnap))(?![\wà-ž])/i, parts: (m, sense) => relativeDay(m[2] === undefined ? 0 : 1, sense), weak: true },
  // Wednesday in week 47, Dienstag KW 27, KW 27 Dienstag: that day of the ISO week
  { re: new RegExp(`\\b(${WEEKDAY})\\.?,?\\s+(?:in\\s+|of\\s+|der\\s+|de\\s+la\\s+|de\\s+)?(?:kw|cw|wk|week|woche|semaine|sem\\.|semana|settimana|vecka)\\s*(\\d{1,2})\\b`, 'i'), parts: (m, sense) => inIsoWeek(+m[2]!, weekdayNumber(m[1]!), sense) },
  { re: new RegExp(`\\b(?:kw|cw|wk|week|woche|semaine|sem\\.|semana|settimana|vecka)\\s*(\\d{1,2}),?\\s+\\(?(?:on\\s+|am\\s+|le\\s+|el\\s+)?(${WEEKDAY})\\b`, 'i'), parts: (m, sense) => inIsoWeek(+m[1]!, weekdayNumber(m[2]!), sense) },
  // Tuesday the 25th, Friday 3rd, sexta-feira, dia 20: the next such day that falls on that weekday
  { re: new RegExp(`\\b(${WEEKDAY})\\.?,?\\s+(?:the\\s+|den\\s+|le\\s+|el\\s+|dia\\s+)?(\\d{1,2})(?:st|nd|rd|th|er)?\\b(?![./:]?\\d)(?!\\s+(?:of\\s+|de\\s+)?(?:${MONTH})\\b)`, 'i'), parts: (m, sense) => onWeekday(weekdayNumber(m[1]!), +m[2]!, sense) },
  // within 5 working days, innerhalb von 3 Arbeitstagen, sous 10 jours ouvrés, en 7 días hábiles, a lead time "of" / "est de" /
  // "es de" so many: business days from the mail
  { re: /\b(?:within|in|of|innerhalb(?:\s+von)?|binnen|beträgt|sous|dans|est de|en|es de|dentro de|entro)\s+(\d{1,2})\s+(?:working|business|work)\s+days?\b|\b(?:within|in|of|innerhalb(?:\s+von)?|binnen|beträgt|sous|dans|est de|en|es de|dentro de|entro)\s+(\d{1,2})\s+(?:arbeitstag(?:en|e)?|werktag(?:en|e)?|jours?\s+ouvr(?:és|ables)|días?\s+(?:hábiles|habiles|laborables)|giorni\s+lavorativi)\b/i,
    parts: (m, sense) => businessDaysLater(+(m[1] ?? m[2])!, sense), relative: true },
  // end of next week, Ende nächster Woche, fin de la semaine prochaine, finales de la próxima semana: its Friday
  { re: /\b(?:(end of (?:next|the following) week|ende (?:der )?nächste[rn]? woche|fin de (?:la )?semaine prochaine|(?:a )?finales de la (?:próxima semana|semana que viene))|(end of (?:this|the) week|ende (?:dieser|der) woche|fin de (?:cette |la )?semaine|(?:a )?finales de (?:esta|la) semana))\b/i,
    parts: (m, sense) => fridayOf(m[1] !== undefined ? 1 : 0, sense), relative: true },
  // next Thursday, nächsten Donnerstag, jeudi prochain, el próximo jueves: a day only where "next" cannot mean this week's
  { re: new RegExp(NEXT_WEEKDAY.source, 'i'), parts: (m, sense) => nextWeekday(weekdayNumber((m[1] ?? m[2])!), sense) },
  // w środę, we wtorek, do piątku; på torsdag, till fredag; perşembe günü, bu cuma, cumaya kadar; kedden, pénteken, péntekig: a
  // weekday in the form these languages give it for "on" or "by" that day, the next such day. Not one named within next or
  // last week ("w przyszłym tygodniu w środę", "nästa vecka på torsdag", "jövő héten kedden"), which is no day of this count,
  // nor one its date follows ("w czwartek 10 grudnia", "på torsdag den 19 juni"): the date says the day ("kedden 120 db" is a count).
  { re: new RegExp(`(?<!(?:tygodni\\p{L}*|przyszł\\p{L}*|vecka|veckan|nästa|förra|hafta\\p{L}*|gelecek|önümüzdeki|geçen|héten|hét|jövő|következő|múlt|előző)[,]?\\s+)(?:${PL_SV_TR_HU_ON_A_DAY})(?!\\p{L})(?!\\.?,?\\s+(?:den\\s+)?\\d{1,2}(?:[./:]|\\s+(?:${MONTH}|augusti)(?!\\p{L})))`, 'iu'),
    parts: (m, sense) => onWeekday(weekdayNumber(m.slice(1).find((g) => g !== undefined)!), undefined, sense) },
  // this Thursday, on Friday, am Donnerstag, will send Monday, with you Weds, consegna mercoledì, leveren (donderdag): the next such weekday after
  // the mail came; the word before stays outside the match, where it tells an arrival from a dispatch
  { re: new RegExp(`(?<=\\b(?:this|coming|on|by|until|for|ships?|shipping|send|sending|deliver(?:y|ed)?|dispatch(?:ed)?|despatch(?:ed)?|ready|out|arrives?|with you|be there|to you|am|bis|dann|geht|gehen|kommt|kommen|ce|le|este|el|questo|deze|op|consegna|livraison|lieferung|entrega|envío|envio|part|partira|sale|salen|saldrá|land|lands|truck|van|lorry|camion|camión|leveren|levering)\\s+\\(?)(${WEEKDAY})(?![\\wà-ÿ'’])(?!\\.?,?\\s+(?:the\\s+)?(?:\\d|(?:${MONTH})\\b))`, 'i'), parts: (m, sense) => onWeekday(weekdayNumber(m[1]!), undefined, sense) },
  // "We can ship 8 of the 12 pumps Wednesday", "will send the first 200 units Friday": a weekday closing a clause that ships a
  // counted lot of the goods is that lot's day (a count, so no answer or quote sent on that day)
  { re: new RegExp(`(?<=\\b(?:ship|send|deliver|dispatch|despatch)\\s+(?:(?:the|those|these|first|all|only|just)\\s+)*\\d[\\d,.]*\\s+(?:[\\w-]+\\s+){0,4})(${WEEKDAY})(?![\\wà-ÿ'’])(?!\\.?,?\\s+(?:the\\s+)?(?:\\d|(?:${MONTH})\\b))`, 'i'), parts: (m, sense) => onWeekday(weekdayNumber(m[1]!), undefined, sense) },
  // "on Friday's truck", "off on Thursday's run": the goods leave with that weekday's round
  { re: new RegExp(`\\b(?:on|for|with|in)\\s+(${WEEKDAY})['’]s\\s+(?:truck|run|van|lorry|delivery|collection|pick-?up|shipment|load|courier|route)\\b`, 'i'), parts: (m, sense) => onWeekday(weekdayNumber(m[1]!), undefined, sense) },
  // "staat donderdag bij jullie", "Freitag früh bei Ihnen", "Thursday with you": a weekday the goods are with the buyer
  { re: new RegExp(`\\b(${WEEKDAY})(?![\\wà-ÿ'’])(?=\\s+(?:[\\wäöüß]+\\s+)?(?:bei ihnen|with you|chez vous|bij (?:jullie|u)\\b))`, 'i'), parts: (m, sense) => onWeekday(weekdayNumber(m[1]!), undefined, sense) },
  // "Thursday AM", "Friday pm", "should land Thursday arvo", "lundi matin": a weekday with a time of day is that day (not "Donnerstag am 11.")
  { re: new RegExp(`\\b(${WEEKDAY})\\.?,?\\s+(?:(?:am|pm|a\\.m\\.|p\\.m\\.)(?![\\wäöü])(?!\\s*\\d)|(?:morning|afternoon|evening|arvo|früh|vormittag|nachmittag|matin|après-midi|soir|por la (?:mañana|tarde)|mattina|pomeriggio|ochtend|middag)\\b)`, 'i'), parts: (m, sense) => onWeekday(weekdayNumber(m[1]!), undefined, sense) },
  // entrega dia 14, el día 14, il giorno 14, dnia 14, dne 14., den 14:e, am 14., zum 14., livraison le 14, pour le 12, para el
  // 12, per il 12: a day of the month named as a day, no month named: the next such day
  { re: new RegExp(`(?:\\b(?:dia|día|giorno|dnia|dne)\\s+(\\d{1,2})(?:º|°|\\.)?|\\bden\\s+(\\d{1,2})(?::e|:a|\\.)|\\b(?:am|zum)\\s+(\\d{1,2})\\.|(?<=\\b(?:livraison|livrée?s?|expédiée?s?|expédition|pour|para|per)\\s+)(?:le|el|il)\\s+(\\d{1,2})(?:er)?)(?![\\d/:%]|[.,]\\d)(?!\\.?\\s*\\d)(?!\\s*(?:de\\s+|of\\s+)?(?:${MONTH})\\b)`, 'i'),
    parts: (m, sense) => nextDayOfMonth(+(m[1] ?? m[2] ?? m[3] ?? m[4])!, sense) },
  // booked in for the 14th, the rest on the 18th: the next such day of the month (an ordinal, no month named)
  { re: new RegExp(`\\b(?:on|for|by|until|till|from|the)\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s+(?:of\\s+)?(?:${MONTH})\\b)`, 'i'),
    parts: (m, sense) => nextDayOfMonth(+m[1]!, sense) },
  // ships Friday 7/18, le 3/9, ETA to your Brisbane DC 19/01, new ship date for your order is 12/15
  { re: new RegExp(`(?:${DAY_CUE}|${ETA_AHEAD}|${DATE_IS})(\\d{1,2})\\/(\\d{1,2})\\b(?!\\/)`, 'i'), parts: (m, sense) => {
    const [, month, day] = slashed(+m[1]!, +m[2]!, 2000, sense) ?? [];
    if (month === undefined) return undefined;
    const read = yearless(month, day!, sense);
    // Read as the mail seems to write dates, "11/12" that lands most of a year after the mail came
    // while the other way round lands within weeks is the other way: a delivery is promised for the
    // coming weeks, not for those days next year.
    const other = month !== day && month <= 12 && day! <= 12 ? yearless(day!, month, sense) : undefined;
    return read && other && monthsAway(read, sense) > 6 && monthsAway(other, sense) <= 6 ? other : read;
  } },
];


/** How many months after the mail came a day is (0 without an arrival to count from). */
function monthsAway([y, month, day]: [number, number, number], sense: DateSense): number {
  const came = arrivalOf(sense);
  return came === undefined ? 0 : (Date.UTC(y, month - 1, day) - came) / (30.44 * DAY_MS);
}

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
const fullYear = (y: string): number => (y.length === 2 ? 2000 + +y : +y);

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

const DAY_FIRST_CURRENCIES = ['EUR', 'GBP', 'AUD', 'NZD', 'INR', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'MXN', 'BRL', 'ARS', 'CLP', 'COP', 'ZAR', 'SGD', 'HKD', 'TRY'];

/**
 * How the sentences write dates: day first in European text; month first where the money is US
 * dollars and nothing says otherwise (a US supplier's 07/04 is the 4th of July).
 */
export function dateSense(sentences: string[], context: { currency?: string; receivedAt?: string } = {}): DateSense {
  // Where the money is British, Australian, Indian or European, so is the order of the day and month.
  // A slashed date that can be read one way only ("24/06/2025") says how the mail's others are written.
  const slashed = sentences.flatMap((s) => [...s.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(?:\d{4}|\d{2})\b/g)]);
  const seenDayFirst = slashed.some((m) => +m[1]! > 12 && +m[2]! <= 12);
  const seenMonthFirst = slashed.some((m) => +m[2]! > 12 && +m[1]! <= 12);
  const dayFirst = (seenDayFirst && !seenMonthFirst) || (!seenMonthFirst && (writesDayFirst(sentences) || DAY_FIRST_CURRENCIES.includes(context.currency ?? '')));
  const monthFirst = !dayFirst && ((seenMonthFirst && !seenDayFirst) || context.currency === 'USD' || sentences.some((s) => /(?<![A-Z]{1,2})\$|\bUSD\b/.test(s)));
  return { dayFirst, monthFirst, ...(context.receivedAt ? { receivedAt: context.receivedAt } : {}) };
}

/**
 * Whether the words give a slashed day that reads two ways ("delivery 05/06": 5 June or 6 May) from a writer whose
 * convention the mail does not show (no date that reads one way only, no words or money signs of a day-first or a
 * month-first writer), when both readings are days the order allows: on or after the day the mail came and not after
 * the day the PO asked for. Then either reading confirms a different day, and which one holds is for a person.
 */
export function readsTwoWays(sentences: string[], context: { receivedAt?: string; requestedDate?: string }): boolean {
  if (context.receivedAt === undefined || context.requestedDate === undefined) return false;
  const fullSlashed = sentences.flatMap((s) => [...s.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(?:\d{4}|\d{2})\b/g)]);
  const shown = fullSlashed.some((m) => (+m[1]! > 12) !== (+m[2]! > 12)) || writesDayFirst(sentences) || sentences.some((s) => /(?<![A-Z]{1,2})\$|\bUSD\b/.test(s));
  if (shown) return false;
  const came = Date.parse(`${context.receivedAt.slice(0, 10)}T00:00:00Z`);
  const asked = Date.parse(`${context.requestedDate}T00:00:00Z`);
  const allowed = (p: [number, number, number] | undefined): boolean => {
    const iso = p && isoDate(...p);
    return iso !== undefined && Date.parse(iso) >= came && Date.parse(iso) <= asked;
  };
  const sense: DateSense = { receivedAt: context.receivedAt };
  return sentences.some((s) => datesIn(s, sense).some((d) => {
    if (d.iso !== undefined) return false;
    const m = /(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?/.exec(s.slice(d.index, d.end));
    if (m === null || m[1] === m[2] || +m[1]! > 12 || +m[2]! > 12) return false;
    const a = +m[1]!;
    const b = +m[2]!;
    const reading = (month: number, day: number) => (m[3] !== undefined ? [fullYear(m[3]), month, day] as [number, number, number] : yearless(month, day, sense));
    return allowed(reading(a, b)) && allowed(reading(b, a));
  }));
}

/**
 * "next Thursday" said early in a week may be this week's Thursday or the following week's. When one reading is on or
 * before the day the order was placed for and the other after it, one confirms and the other delays: for a person.
 */
export function nextWeekdayEitherSide(sentences: string[], context: { receivedAt?: string; requestedDate?: string }): boolean {
  if (context.receivedAt === undefined || context.requestedDate === undefined) return false;
  const sense: DateSense = { receivedAt: context.receivedAt };
  const asked = context.requestedDate.slice(0, 10);
  return sentences.some((s) => [...s.matchAll(NEXT_WEEKDAY)].some((m) => {
    const weekday = weekdayNumber((m[1] ?? m[2])!);
    const first = onWeekday(weekday, undefined, sense);
    if (first === undefined || nextWeekday(weekday, sense) !== undefined) return false;
    const [y, mo, d] = first;
    const later = partsOf(Date.UTC(y, mo - 1, d + 7));
    const iso = (p: [number, number, number]) => isoDate(...p)?.slice(0, 10);
    return (iso(first) ?? '') <= asked && (iso(later) ?? '') > asked;
  }));
}

/** The day as an ISO time, when it is one of the calendar's. */
export function isoDate(y: number, month: number, d: number): string | undefined {
  const at = new Date(Date.UTC(y, month - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === month - 1 && at.getUTCDate() === d ? at.toISOString() : undefined;
}

/** `aside`: a closure's or a price's day by the words nearest before it, not the goods' (`withAsides`). */
export interface FoundDate { iso: string | undefined; index: number; end: number; weak?: boolean; relative?: boolean; aside?: 'closure' | 'price' }

/** Every date written in a sentence, in order; an ambiguous one is found (so its digits are not read as amounts) but has no `iso`. */
export function datesIn(s: string, how: DateSense | boolean = {}): FoundDate[] {
  const sense = typeof how === 'boolean' ? { dayFirst: how } : how;
  const found: FoundDate[] = [];
  for (const { re, parts, weak, relative } of PATTERNS) {
    for (const m of s.matchAll(new RegExp(re.source, `${re.flags}g`))) {
      const start = m.index;
      if (found.some((f) => start < f.end && f.index < start + m[0].length)) continue;
      const p = parts(m as RegExpExecArray, sense);
      found.push({ iso: p && isoDate(...p), index: start, end: start + m[0].length, ...(weak ? { weak } : {}), ...(relative ? { relative } : {}) });
    }
  }
  return withAsides(s, withElidedMonths(s, found.sort((a, b) => a.index - b.index)));
}

/** "sale el 10 de junio y os llega el 12", "ships on 3 March, with you on the 5th": a bare day after a dated one, in its month. */
const ELIDED_DAY = /\b(?:el|le|il|am|op|on|the|al|au|zum|for)\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th|er|\.)?(?![\d.,:/%\u2013-]|\s*(?:[\p{L}€$£]))/giu;

/** Bare days of the month that follow a full date in the same sentence take that date's month, or the next when earlier. */
function withElidedMonths(s: string, found: FoundDate[]): FoundDate[] {
  const out = [...found];
  for (const m of s.matchAll(ELIDED_DAY)) {
    if (out.some((f) => m.index < f.end && f.index < m.index + m[0].length)) continue;
    const earlier = out.filter((f) => f.iso !== undefined && !f.weak && !f.relative && f.end <= m.index).at(-1);
    if (earlier === undefined) continue;
    const [y, month, day] = earlier.iso!.slice(0, 10).split('-').map(Number) as [number, number, number];
    const d = +m[1]!;
    const iso = d > day ? isoDate(y, month, d) : d < day ? isoDate(month === 12 ? y + 1 : y, month === 12 ? 1 : month + 1, d) : undefined;
    if (iso !== undefined) out.push({ iso, index: m.index, end: m.index + m[0].length });
  }
  return out.sort((a, b) => a.index - b.index);
}

/** Words of the goods' way to the buyer, against which a closure's or a price's words are weighed ("Lieferant" too: a supplier's goods). */
const GOODS_WAY = /(?:liefer|versand|versend|zustell)|\b(?:deliver\w*|arriv\w*|ship\w*|dispatch\w*|despatch\w*|send\w*|sent|eta|livr\w*|expédi\w*|entreg\w*|env[íi]\w*|despach\w*|lleg\w*|servi(?:r|mos|remos|rá|rán)|suppl(?:y|ied|ying)|consegn\w*|spedi\w*|lever\w*|verzend\w*|termin\w*)\b/i;
/**
 * Words of prices, and of prices that move, start or hold ("prices held until 31st March", "Preise gelten bis 31.03.", "tarifs
 * valables jusqu'au 31 décembre"): a day after them in a sentence that moves or holds a price is the price's.
 */
const PRICE_WORD = /\b(?:prices?|pricing|tarif\w*|prix|precios?|prezz[oi]|listino|prijs\w*|pre[çc]os?|pris|priser(?:na)?|prislist\w*|cen[ayęi]|ceník\w*|fiyat\w*|quot(?:e|es|ation)|angebot\w*|offre|offerta|offerte|cotizaci\w*|orçamento|nabídk\w*|teklif\w*|tilbud\w*)\b|preis/i;
const PRICE_MOVES = /\b(?:new|neue[rn]?|nouveaux?|nouvelle|nuev[oa]s?|increas\w*|rise[sn]?|rising|rais\w*|go(?:es|ing)? up|chang\w*|revis\w*|adjust\w*|updat\w*|angepasst|anpass\w*|erhöh\w*|steig\w*|änder\w*|augment\w*|revu[es]?|hausse\w*|évolu\w*|sub(?:e|en|ir|irán|irá|ida)|aument\w*|cambi\w*|actualiz\w*|verhoog\w*|effective|valid\w*|gültig\w*|held|hold|gelten|gilt|valables?|válid[oa]s?|geldig|gäller|gælder|ważn[ea]|platn[éáý]|geçerli|fixed|fest|garanti\w*)\b|erhöhung|anpassung|änderung/i;
/** Words that join a range's two ends: "from 24 December to 2 January", "del 22/12 al 6/1", "vom 24.12. bis 5.1.". */
const RANGE_JOIN = /^\s*(?:to|until|till|through|thru|and|-|–|bis(?:\s+(?:zum|einschließlich))?|und|au|et|jusqu'au|al|hasta(?:\s+el)?|y)\s*(?:the\s+|le\s+|el\s+|den\s+)?$/i;

/** Words that put the goods' day past a closure: "auf den", "moved to", "reportée au", "new date", "nach den Betriebsferien". */
const MOVED_TO = /\b(?:auf den|verschoben|verschiebt|moved|postponed|pushed|rescheduled|report\w*|décal\w*|aplaz\w*|pospuest\w*|posticipat\w*|rinviat\w*|uitgesteld|verschoven|new (?:delivery |ship(?:ping)? |dispatch )?date|neue[rn]? (?:liefer)?termin|nouvelle date|nueva fecha|nach|after|après|después|tras)\b/i;

const lastAt = (text: string, re: RegExp): number => [...text.matchAll(new RegExp(re.source, 'gi'))].at(-1)?.index ?? -1;

/**
 * A date whose nearest words before it are a closure's ("we are closed from 24 December to 2 January") or those of a price
 * that moves ("nos tarifs seront revus au 1er septembre", "hat die Preise per 1. Februar angepasst") rather than the
 * goods' way is that closure's or price's day, though the sentence names the delivery too; a range's second end goes
 * with its first. "Because of our closure, delivery will be on 7 January" keeps its day: the delivery's words are nearer.
 */
function withAsides(s: string, found: FoundDate[]): FoundDate[] {
  let from = 0;
  let previous: FoundDate | undefined;
  for (const d of found) {
    const gap = s.slice(from, Math.max(from, d.index));
    const goods = lastAt(gap, GOODS_WAY);
    const closedAt = lastAt(gap, CLOSURE);
    // "wegen Betriebsferien auf den 18. August verschoben": a day the goods are moved to past a closure is theirs.
    const closure = closedAt > goods && !MOVED_TO.test(gap.slice(closedAt));
    const aside = closure ? 'closure' : lastAt(gap, PRICE_WORD) > goods && PRICE_MOVES.test(s) ? 'price' : undefined;
    if (aside) d.aside = aside;
    else if (previous?.aside && RANGE_JOIN.test(gap)) d.aside = previous.aside;
    from = Math.max(from, d.end);
    previous = d;
  }
  return found;
}

/** Words before a date that make it the new one ("moved from X to Y", "new delivery date Y", "neuer Liefertermin"). */
const NEW_DATE_CUE = /\b(?:new|revised|updated|now|earliest|until|till|to|postponed|moved|rescheduled|pushed back|neue[rn]?|nieuwe|nuova|auf den|bis (?:zum|am)|nouvelle|au|reportée?|jusqu'au|nueva|para el|hasta el|al)\b[^\d\n]{0,30}$/i;
/**
 * Words before a date that make it the date of something else (the order, the buyer's mail, an absence). "du", "del",
 * "vom" after a word of delivery ("la fecha de entrega del 18 de febrero", "date de livraison du 3 mars") are the delivery's.
 */
const OTHER_DATE_CUE = /\b(?:dated|of your|your (?:order|po|mail|email|message) (?:of|from)|sent|(?<!\b(?:entrega|livraison|lieferung|liefertermin|lieferdatum|envío|expédition|consegna)\s)(?:vom|du|del)|ordered on|placed on|received on|invoice|order date|po date|ack(?:nowledge?ment)?\.? date|bestelldatum|belegdatum|date de commande|fecha (?:de )?pedido|wunschtermin|gewünschte[nr]? (?:liefer)?termin|effective(?: from| on)?|valid (?:from|until|through)|gültig (?:ab|bis)|à compter du|con decorrenza|date demandée|fecha solicitada)\b[^\d\n]{0,12}$/i;
/**
 * Words before a date that make it the goods' arrival, which wins over a ship date ("we'll have the 40 brackets to you by").
 * Not news, a quote or a price promised to the buyer ("we'll have an answer to you by Friday").
 */
const ARRIVAL_CUE = /(?:\bbe|[-–,:]\s*)\s*with you\b[^\d\n]{0,12}$|\bbe there\b[^\d\n]{0,12}$|\b(?:deliver\w*|arriv\w*|reach\w*|land(?:s|ed|ing)?|hit(?:s|ting)? your (?:dock|door|site|warehouse|yard)|(?:devrai[st]|devriez|devrait) (?:l'|les )?(?:avoir|recevoir)|eta|estimated delivery|expected|booked in|in your (?:hands|warehouse)|on site|\w*liefer\w*|zustell\w*|eintreffen|bei ihnen|livr\w*|arriv\w*|entrega\w*|lleg\w*|recibir\w*|consegn\w*|lever\w*|dostaw\w*|dodá\w*|dodan\w*|doruč\w*|teslim\w*)\b[^\d\n]{0,30}$|\b(?:you(?:'ll| will| should) have (?:it|them|these|those|the goods|the parts|the order|everything)\b|\b(?:we|i)(?:'ll| will| can| should| shall)\s+(?:\w+\s+)?(?:have|get)\s+(?!back\b)(?![^.?!]{0,40}?\b(?:quote|quotation|price|pricing|cost|answer|update|news|confirmation|acknowledge?ment|info\w*|details|invoice|offer|pro-?forma|drawings?|samples?|feedback|reply|response|date|eta|lead ?time)\b)[^.?!]{0,40}?\b(?:to|with) you\b|\bto (?:have|get) (?:them|it|these|those|everything|the (?:goods|order|parts|items))\s+(?:to|with) you\b|(?:vous )?(?:l'|les |la |le )?aurez\b|tendr(?:éis|emos|án|á)(?![\wà-ÿ]))[^\d\n]{0,30}$/i;
/** "delivery week 42", "KW 48", "semaine 23", "w/c": a week, not a day. */
/**
 * A calendar week by its number, in the languages read: "week 49", "wk 11", "KW 14", "Kalenderwoche 14", "semaine n° 23",
 * "semana 12", "sett. 12", "vecka 12", "uge 12", "týden 12", "tydzień 12", "hafta 12", and the number first: "in der 14. KW",
 * "w 12. tygodniu", "v 12. týdnu", "12. hafta". The number is the first group that matched.
 */
const WEEK_NUMBER = '(?:(?<![\\p{L}])(?:kw|cw|wk\\.?|week(?:\\s+(?:no\\.?|nr\\.?|number))?|calendar\\s+week|kalenderwoche|woche|semaine(?:\\s+n[°o]\\.?)?|sem\\.|semana|settimana|sett\\.|vecka|v\\.|uge|týden|tydzień|tydz\\.|hafta)\\s*(\\d{1,2})|(?<![\\d.])(\\d{1,2})\\.\\s*(?:kw|kalenderwoche|woche|tygodni\\p{L}*|tydzień|týdn\\p{L}*|týden|hafta\\p{L}*|uge))(?![\\p{L}\\d])';
const weekOf = (m: RegExpExecArray): number => Number(m[1] ?? m[2]);
const DELIVERY_WEEK = new RegExp(`${WEEK_NUMBER}|\\bw\\/c\\b`, 'iu');
/**
 * The goods leaving on a day, in words that name no shipment: "part demain", "sale el jueves", "salen hoy", "shipping out
 * tomorrow", "leaves us today". Not when denied ("not shipping until …", "no sale hoy", "shipping today is not possible").
 */
const LEAVES_ON = [
  "\\bpart(?:ent|ira|iront)?\\s+(?:(?:dès\\s+)?demain|aujourd'hui|ce\\s+(?:soir|matin|lundi|mardi|mercredi|jeudi|vendredi)|le\\s+\\d|(?:lundi|mardi|mercredi|jeudi|vendredi|samedi)\\b)",
  '\\b(?:sale|salen|saldrá|saldrán)\\s+(?:hoy|mañana|(?:el|este)\\s+(?:lunes|martes|miércoles|jueves|viernes|sábado|\\d))',
  // The day first: "hoy salen 8 cajas", "oggi parte", "aujourd'hui part", "hoje seguem", "idag skickas", "dziś wysyłamy",
  // "today we ship".
  "\\b(?:hoy|mañana)\\s+(?:sale|salen|saldrá|saldrán|enviamos|mandamos|despachamos)\\b|\\b(?:oggi|domani)\\s+(?:parte|partono|spediamo|spediremo)\\b|\\b(?:aujourd'hui|demain)\\s+(?:part|partent|partira|partiront|nous expédions)\\b|\\b(?:hoje|amanhã)\\s+(?:segue|seguem|sai|saem|enviamos|despachamos)(?![\\wà-ÿ])|\\b(?:idag|imorgon|i morgon)\\s+(?:skickas|skickar vi|levereras)\\b|(?<![\\wà-ž])(?:dziś|dzisiaj|jutro)\\s+(?:wysyłamy|wyślemy|wyjeżdża|wyjeżdżają|wyjedzie)(?![\\wà-ž])|\\b(?:today|tomorrow)\\s+(?:we\\s+)?(?:ship|send|dispatch|despatch)\\b",
  // "on the truck Thursday", "go out on our own van Wednesday 22nd April", "sur le camion jeudi": a vehicle of the supplier's
  // that takes the goods on a day.
  "\\b(?:on|sur|en)\\s+(?:the|our(?:\\s+own)?|le|notre|el|nuestro)\\s+(?:truck|van|lorry|camion|camión)\\s+(?:on\\s+|ce\\s+|el\\s+)?(?:today|tomorrow|demain|aujourd'hui|hoy|mañana|monday|tuesday|wednesday|thursday|friday|saturday|mon|tue|wed|thu|fri|lundi|mardi|mercredi|jeudi|vendredi|lunes|martes|miércoles|jueves|viernes)\\b",
  "\\bgo(?:es|ing)?\\s+out\\s+(?:on\\s+(?:the|our(?:\\s+own)?)\\s+(?:truck|van|lorry)\\s+)?(?:today|tomorrow|(?:on\\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|mon|tue|wed|thu|fri)\\b|on\\s+(?:the\\s+)?\\d)",
  // "os lo mandamos el jueves", "la merce parte venerdì": the goods sent or leaving on a day, in Spanish and Italian.
  "\\b(?:os|se|le|les)\\s+(?:lo|la|los|las)\\s+(?:mandamos|enviamos|mandaremos|enviaremos)\\s+(?:hoy|mañana|(?:el|este)\\s+(?:lunes|martes|miércoles|jueves|viernes|sábado|\\d))",
  "\\b(?:parte|partono|partirà|partiranno)\\s+(?:oggi|domani|(?:il\\s+)?(?:lunedì|martedì|mercoledì|giovedì|venerdì)|il\\s+\\d)",
  '\\b(?:shipping(?:\\s+out)?|dispatching|despatching|leaves?\\s+(?:us|our\\s+(?:warehouse|works|premises|site|yard|dock|plant|factory|depot)))\\s+(?:today|tomorrow|this\\s+(?:morning|afternoon|evening)|(?:on\\s+|this\\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|mon|tue|wed|thu|fri)\\b|on\\s+(?:the\\s+)?\\d)',
  // "5 van de 8 dozen gaan morgen mee", "de order gaat vandaag de deur uit", "vertrekt morgen": the goods leaving in Dutch.
  '\\b(?:gaat|gaan)\\s+(?:vandaag|morgen|(?:op\\s+)?(?:maandag|dinsdag|woensdag|donderdag|vrijdag))\\s+(?:al\\s+|nog\\s+)?(?:mee|weg|de deur uit|op transport)\\b|\\b(?:vertrekt|vertrekken)\\s+(?:vandaag|morgen|(?:op\\s+)?(?:maandag|dinsdag|woensdag|donderdag|vrijdag))\\b',
  // "towar wyjeżdża jutro", "a mercadoria segue amanhã", "zboží dnes odchází": the goods leaving today or tomorrow in Polish,
  // Portuguese and Czech.
  '\\b(?:wyjeżdża(?:ją)?|wyjedzie|wyjadą|wysyłamy|wyślemy)\\s+(?:dziś|dzisiaj|jutro|w\\s+(?:poniedziałek|wtorek|środę|czwartek|piątek))',
  '\\b(?:segue|seguem|sai|saem)\\s+(?:hoje|amanhã|(?:na|no)\\s+(?:próxim[ao]\\s+)?(?:segunda|terça|quarta|quinta|sexta))',
  '\\b(?:dnes|zítra)\\s+(?:odchází|odjíždí|expedujeme|odesíláme|odešleme)|\\b(?:odchází|odjíždí|expedujeme|odesíláme|odešleme)\\s+(?:dnes|zítra)(?![a-zá-ž])',
];
export const LEAVES = new RegExp(
  `(?<!\\b(?:not|no|never|nicht|pas|não|nie)\\s+(?:be\\s+)?)(?<!n't\\s+(?:be\\s+)?)(?:${LEAVES_ON.join('|')})(?![^.]{0,30}\\b(?:not|impossible|isn't|won't|cannot|can't|unlikely|pas|no)\\b)`,
  'i',
);

/** Words of a sentence about the goods' way to the buyer. */
const ABOUT_DELIVERY = new RegExp(`${/(?:liefer|versand|versend|raus\b)|\b(?:deliver\w*|ship\w*|dispatch\w*|despatch\w*|arriv\w*|eta|send\w*|sent|liefer\w*|versand\w*|versend\w*|livr\w*|expédi\w*|entreg\w*|env[íi]\w*|despach\w*|consegn\w*|spedi\w*|lever\w*|verzend\w*|confirm\w*|bestätig\w*|zrealiz\w*|realizacj\w*|realizuj\w*|dostaw\w*|wysył\w*|dodá\w*|dodan\w*|doruč\w*|expedu\w*|leverans\w*|levereras|teslim\w*|sevk\w*|gönder\w*|kargo\w*|(?:ki)?szállít\w*|(?:el|ki)?küld\w*|skicka\w*)\b/.source}|${LEAVES.source}`, 'i');
/** Words before a day that make it when something starts ("from today", "ab heute"), not a delivery. */
const STARTS_FROM = /\b(?:from|as of|effective|starting|beginning|valid|ab|à partir d'|à compter d'|dès|a partir de|desde|da|vanaf|per)\s*$/i;
/** A sentence about the supplier's own days off ("closed", "our works are shut for stocktake"): its dates are not the delivery's. */
const CLOSURE = /\b(?:closed|closure|shut ?down|(?:are|is|be) shut|holidays?|bank holiday|betriebsferien|betriebsurlaub|geschlossen|feiertag\w*|fermé\w*|fermeture|fermons|fermerons|congés|cerrad[oa]s?|cierre|cerramos|cerraremos|vacaciones|festivo|chius[oa]|chiusura|per ferie|ferie|gesloten|vakantie)\b/i;

/** "ist innerhalb von 3 Arbeitstagen bei Ihnen": the goods with the buyer. */
/**
 * Words right after a day that put the goods with the buyer on it: "Freitag früh bei Ihnen", "Thursday with you". Not
 * when a day of their own follows them ("out on the 3rd, arriving with you on the 4th"): they are that day's.
 */
const WITH_YOU_AFTER = /^[^\d\n]{0,12}\b(?:bei ihnen|with you|chez vous|bij (?:jullie|u)\b|at your (?:site|dock|door|premises|warehouse))\b(?![^\d\n.;]{0,15}\d)/i;
const WITH_YOU = /\b(?:bei ihnen|with you|chez vous|bij (?:jullie|u)\b|en (?:sus|vuestras) instalaciones|at your (?:site|dock|door|premises|warehouse))\b/i;

/** Words before a date that make it the day the buyer asked for. */
const REQUESTED_CUE = /\b(?:requested|required|need[- ]?by|benötigt|requise?|requerid[ao]|your date|wunsch\w*|gewünscht\w*|souhaitée|demandée|solicitad[ao]|richiest[ao]|gewenst\w*)\b[^\d\n]{0,30}$/i;

/**
 * "Our factory is closed for New Year from Feb 10 to Feb 24, so the shipment can be arranged on Feb 27": the goods' day
 * given as what follows from a closure is theirs (the closure's own days stay aside). Without such words a sentence about a
 * closure ("deliveries resume on 5 January") gives no day of this order's goods.
 */
const AFTER_CLOSURE = new RegExp(`\\b(?:so|therefore|hence|thus|consequently|as a result|which means|daher|deshalb|donc|por lo que|por eso|quindi|dus|por isso)\\b[^.;]{0,40}?(?:${GOODS_WAY.source})`, 'i');

/** The first date the sentences state as the goods' arrival ("delivery on …", "livraison le …"), or with `ship`, their dispatch too. */
export function statedArrival(sentences: string[], sense: DateSense, ship = false): string | undefined {
  const cue = ship ? new RegExp(`${ARRIVAL_CUE.source}|${SHIP_CUE.source}`, 'i') : ARRIVAL_CUE;
  for (const s of sentences) {
    if (CLOSURE.test(s) && !AFTER_CLOSURE.test(s)) continue;
    const d = datesIn(s, sense).find((f) => f.iso && !f.weak && !f.aside && (cue.test(s.slice(0, f.index)) || WITH_YOU_AFTER.test(s.slice(f.end)) || (f.relative && (ABOUT_DELIVERY.test(s) || WITH_YOU.test(s))))
      && !OTHER_DATE_CUE.test(s.slice(0, f.index)) && !REQUESTED_CUE.test(s.slice(0, f.index)));
    if (d) return d.iso;
  }
  return undefined;
}

/** Words before a date that make it the goods' dispatch. */
const SHIP_CUE = /\b(?:ship\w*|dispatch\w*|despatch\w*|versand\w*|versend\w*|exp[ée]di\w*|env[íi]\w*|despach\w*|spedi\w*|verzend\w*)\b[^\d\n]{0,30}$/;
/** The same, as a sentence may begin with them ("Expédition prévue le 18 mars"). */
const SHIP_WORDS = new RegExp(SHIP_CUE.source, 'i');

/** Words before a day that a delay says it will not keep: "won't be able to make the", "can't meet your", "couldn't get them on the truck". */
const NOT_KEPT = /\b(?:won't|will not|can't|cannot|can not|couldn't|could not|didn't|did not|unable to|not able to|not)\b[^.\d]{0,25}\b(?:(?:make|meet|keep|hold|hit)\s+(?:the\s+|your\s+|our\s+|this\s+)?|(?:get|put|load)\s+(?:\w+\s+){0,2}on\s+(?:the|our)\s+(?:truck|van|lorry)\s+(?:on\s+)?)$/i;

/** "delivered next day", "Zustellung am Folgetag", "le lendemain", "al día siguiente": a day after the one the goods leave. */
const NEXT_DAY = /\b(?:(?:the\s+)?(?:next|following)[- ]day|(?:am\s+)?(?:folgetag|nächsten\s+tag)|(?:le\s+)?lendemain|(?:al|el)\s+día\s+siguiente)\b/i;
/** The same in working days: "next working day", "nächsten Werktag", "jour ouvré suivant", "siguiente día hábil". */
const NEXT_WORKING_DAY = /\b(?:(?:the\s+)?(?:next|following)\s+(?:working|business)\s+day|(?:am\s+)?(?:nächsten|folgenden)\s+(?:werk|arbeits)tag|(?:le\s+)?jour\s+ouvr(?:é|able)\s+suivant|(?:al|el)\s+(?:siguiente|próximo)\s+día\s+(?:hábil|laborable)|(?:al|el)\s+día\s+(?:hábil|laborable)\s+siguiente)\b/i;

/**
 * "Ship date 2026-06-16, delivered next day", "dispatched today … Expected delivery next working day": the day after
 * the last day written before the words (in the same sentence or an earlier one, `leaves` when a document gives it),
 * in a sentence about the goods' way.
 */
export function dayAfterLeaving(sentences: string[], sense: DateSense, leaves?: string): string | undefined {
  let last = leaves;
  for (const s of sentences) {
    // Only a day the goods leave counts from ("Ship date …", "dispatched today"), not any day the mail names.
    const days = datesIn(s, sense).filter((d) => d.iso && !d.aside && (SHIP_WORDS.test(s.slice(0, d.index)) || LEAVES.test(s)));
    const working = NEXT_WORKING_DAY.exec(s);
    const next = working ?? NEXT_DAY.exec(s);
    if (next && GOODS_WAY.test(s)) {
      const from = days.filter((d) => d.end <= next.index).at(-1)?.iso ?? last;
      if (from === undefined) return undefined;
      const after = working ? businessDaysLater(1, { receivedAt: from }) : relativeDay(1, { receivedAt: from });
      return after && new Date(Date.UTC(after[0], after[1] - 1, after[2])).toISOString();
    }
    last = days.at(-1)?.iso ?? last;
  }
  return undefined;
}

/** Words of the goods leaving the supplier or being ready there: the day after them is not yet the buyer's. */
const LEAVING_WORD = /\b(?:ship\w*|dispatch\w*|despatch\w*|leav\w*|left|goes out|going out|ready|versand\w*|versend\w*|verlass\w*|expédi\w*|part(?:e|ent|ira|iront)|env[íi]\w*|despach\w*|sale|salen|saldrán?|spedi\w*|verzend\w*|afsend\w*|sendes|skickas|sevk\w*)\b/gi;
/** Words of the goods reaching the buyer: "arrives", "llega", "with you", "should be there", "hos jer", "bei Ihnen". */
const ARRIVING_WORD = /\b(?:arriv\w*|reach\w*|lands?|landing|lleg\w*|with you|be there|get there|hos (?:jer|dig|er|dere|deg)|bei ihnen|chez vous|bij (?:jullie|u)|at your|a sus instalaciones|en sus instalaciones|zustell\w*|eintreff\w*|recib\w*|recevr\w*)\b/gi;
const lastIndex = (text: string, re: RegExp): number => [...text.matchAll(re)].at(-1)?.index ?? -1;

/**
 * "Sale el lunes 2 de junio y llega el miércoles 4 de junio", "ships tomorrow, should be there Thursday", "won't be ready
 * until Thursday. Will be with you Friday": a day the goods leave (or are ready) followed by a later day they reach the
 * buyer; the arrival is the delivery date. Each day is weighed by the nearest words of the goods' way before it.
 */
function arrivalAfterLeaving(sentences: string[], sense: DateSense): string | undefined {
  let leftOn: string | undefined;
  for (const s of sentences) {
    if (CLOSURE.test(s) || PAYMENT.test(s)) {
      leftOn = undefined;
      continue;
    }
    let from = 0;
    for (const d of datesIn(s, sense)) {
      const before = s.slice(from, d.index);
      from = d.end;
      if (!d.iso || d.aside || REQUESTED_CUE.test(before) || OTHER_DATE_CUE.test(before)) continue;
      const leaving = lastIndex(before, LEAVING_WORD);
      const arriving = lastIndex(before, ARRIVING_WORD);
      if (arriving > leaving && leftOn !== undefined && d.iso > leftOn) return d.iso;
      leftOn = leaving > arriving ? d.iso : undefined;
    }
  }
  return undefined;
}

/** Words of the goods being made: "run", "produce", "in production", "machined", "moulded". */
const MAKING_WORD = /\b(?:run|running|produc(?:e|ed|ing|tion)|manufactur\w*|machin(?:e|ed|ing)|mou?ld(?:ed|ing)?|press(?:ed|ing)?|cast(?:ing)?|assembl\w*|make|made|build|built)\b/i;
/**
 * Whether a date is the day the goods are made, a day they leave following it in the same sentence ("Earliest we can run
 * 44-88 is the 19th, ship on the 21st", "production on 3 June, dispatch 5 June"): the making day is no day of the goods'
 * way.
 */
function madeBeforeLeaving(s: string, d: FoundDate, sense: DateSense): boolean {
  const prior = datesIn(s, sense).filter((f) => f.end <= d.index).at(-1);
  const before = s.slice(prior?.end ?? 0, d.index);
  if (!MAKING_WORD.test(before) || SHIP_WORDS.test(before) || ARRIVAL_CUE.test(before)) return false;
  return datesIn(s, sense).some((f) => f.iso && f.index >= d.end && SHIP_WORDS.test(s.slice(d.end, f.index)));
}

/**
 * The delivery date: the first stated as the new one, else the first stated as the goods' arrival,
 * else the first that is not another date; never `notDay` (the day a delay does not keep). The day a price moves or holds
 * until is the delivery's only in a reply that is about the price (`priceDayCounts`): beside a confirmation, a delay or a
 * partial it is no day of the goods ("We confirm your order … prices will increase by 8 % from 1 January").
 */
export function deliveryDate(
  sentences: string[], sense: DateSense = { dayFirst: writesDayFirst(sentences) }, notDay?: string, priceDayCounts = true,
): string | undefined {
  let first: string | undefined;
  let arrival: string | undefined;
  let firstAside = false;
  let weakest: string | undefined;
  // "Expédiée ce jour … Livraison demain", "shipped today, delivery tomorrow": a day by a word after words of the goods'
  // arrival is the arrival, before any other day by a word.
  let weakArrival: string | undefined;
  let requested: string | undefined;
  let priceDay: string | undefined;
  const came = arrivalOf(sense) ?? Number.NEGATIVE_INFINITY;
  // Both a day the goods leave and a later day they arrive: the arrival.
  const paired = arrivalAfterLeaving(sentences, sense);
  for (const s of sentences) {
    if (CLOSURE.test(s) && !GOODS_WAY.test(s)) continue;
    for (const d of datesIn(s, sense)) {
      // A date well before the mail came is the order's or an earlier mail's, not a delivery; a closure's is the closure's.
      if (!d.iso || d.aside === 'closure' || Date.parse(d.iso) < came - JUST_BEFORE_MS || d.iso.slice(0, 10) === notDay) continue;
      // The day a price moves is the delivery's only when the mail names no other ("from 1 April the unit price is …").
      if (d.aside === 'price') {
        // One already past when the mail came ("quote … was valid until 2/28") is no day of what is to come.
        if (!d.weak && Date.parse(d.iso) >= came) priceDay ??= d.iso;
        continue;
      }
      const before = s.slice(0, d.index);
      // "We won't be able to make the 20 June date": the day a delay does not keep.
      if (NOT_KEPT.test(before)) continue;
      // "(solicitado para el 01/12)": the day the buyer asked for is the promise only when no other day is given.
      if (REQUESTED_CUE.test(before)) {
        requested ??= d.iso;
        continue;
      }
      if (NEW_DATE_CUE.test(before) && !/\bfrom\s*$/i.test(before)) return paired !== undefined && paired > d.iso ? paired : d.iso;
      if (OTHER_DATE_CUE.test(before)) continue;
      if (d.weak) {
        // "from today" starts a price, not a delivery: a day by a word counts only in a sentence about the goods' way.
        if (ABOUT_DELIVERY.test(s) && !STARTS_FROM.test(before)) {
          weakest ??= d.iso;
          if (ARRIVAL_CUE.test(before)) weakArrival ??= d.iso;
        }
        continue;
      }
      if (ARRIVAL_CUE.test(before) || WITH_YOU_AFTER.test(s.slice(d.end))) arrival ??= d.iso;
      // "Earliest we can run it is the 19th, ship on the 21st": the day the goods are made, a day they leave after it.
      if (first === undefined && madeBeforeLeaving(s, d, sense)) continue;
      if (first === undefined) {
        first = d.iso;
        firstAside = !ABOUT_DELIVERY.test(s);
      }
    }
  }
  // A mail that names a delivery week commits to no day: a date it gives outside any delivery sentence is not the delivery's.
  return arrival ?? paired ?? dayAfterLeaving(sentences, sense) ?? (firstAside && sentences.some((s) => DELIVERY_WEEK.test(s)) ? undefined : first) ?? requested ?? weakArrival ?? weakest ?? (priceDayCounts ? priceDay : undefined);
}

/** "KW 27", "week 27", "semaine 27": a calendar week without its day. */
const A_WEEK = new RegExp(WEEK_NUMBER, 'iu');
/** "early July", "Mitte Juli", "fin juillet", "a finales de julio", "medio december": a third of a month. */
const PART_OF_MONTH = new RegExp(`\\b(?:(early|beginning of|start of|anfang|beginn|début|debut|principios de|comienzos de|inicios? de|inizio|begin|início de)|(mid-?|middle of|mitte|mi-|à la mi-|mediados de|metà|half|medio|midden|meados de)|(end of|late|ende|fin(?: de)?|finales de|fines de|fine|eind|final de|fim de))\\s*(?:the\\s+month\\s+of\\s+)?(${MONTH})\\b`, 'i');

/** "your PO is looking like week 44", "looks like late July": an estimate of when the order comes, whatever its verb. */
const LOOKS_LIKE_A_SPAN = /\b(?:looking|looks)\s+like\s+(?:(?:kw|cw|wk|week)\s*\d|early|mid|late|end of|the end of|beginning of|the beginning of)/i;
/**
 * The span of days a sentence about the goods gives when it names no day: a calendar week or a third of a month. A
 * span that starts after the day the order was placed for is a delay, though no day of it is promised.
 */
export function statedPeriod(sentences: string[], sense: DateSense): { start: string; end: string } | undefined {
  for (const s of sentences) {
    if (CLOSURE.test(s) || PAYMENT.test(s) || !(ABOUT_DELIVERY.test(s) || WITH_YOU.test(s) || LOOKS_LIKE_A_SPAN.test(s))) continue;
    const week = A_WEEK.exec(s);
    const monday = week ? inIsoWeek(weekOf(week), 1, sense) : undefined;
    if (monday) return span(monday, 0, 6);
    const part = PART_OF_MONTH.exec(s);
    const first = part ? yearless(monthNumber(part[4]!), 1, sense) : undefined;
    if (part && first) return part[1] ? span(first, 0, 9) : part[2] ? span(first, 10, 19) : span(first, 20, 20);
  }
  return undefined;
}

const span = ([y, m, d]: [number, number, number], from: number, to: number) => ({
  start: new Date(Date.UTC(y, m - 1, d + from)).toISOString(),
  end: new Date(Date.UTC(y, m - 1, d + to)).toISOString(),
});

/** A confirmation whose date falls after the day the order was placed for is a delay. */
export const laterThanPlaced = (date: string | undefined, context: { requestedDate?: string }): boolean =>
  date !== undefined && context.requestedDate !== undefined && date.slice(0, 10) > context.requestedDate.slice(0, 10);

/** Words that join two days as choices: "on the 27th or the 4th", "am 27.11. oder am 04.12.", "le 3 ou le 5". */
const OR_BETWEEN = /^[\s,]*(?:or|oder|ou|o|oppure|of)\s+(?:(?:on|am|le|el|the|au|al|il|op)\s+)?(?:(?:\p{L}+),?\s+)?$/iu;

/** Whether a sentence offers two different days as choices: which one holds is for a person to settle. */
export function offersTwoDays(sentences: string[], sense: DateSense): boolean {
  return sentences.some((s) => {
    const days = datesIn(s, sense).filter((d) => d.iso !== undefined);
    return days.some((d, i) => i > 0 && d.iso !== days[i - 1]!.iso && OR_BETWEEN.test(s.slice(days[i - 1]!.end, d.index)));
  });
}

/** A sentence about paying: its days ("due 30 days from delivery, i.e. 31 December") are the invoice's. */
const PAYMENT = /\b(?:invoice\w*|payment|payable|due|fällig\w*|zahlbar|zahlung\w*|rechnung\w*|factur\w*|échéance|paiement|pago|vencimiento|pagadera)\b/i;

/**
 * Whether the words promise the goods on two different days, each after words of arrival ("livraison
 * le 2 décembre … livraison prévue le 4"): which one holds is for a person. A day the buyer asked for,
 * a new day after an old one, and a closure's days are not promises of their own. Goods that leave, by the words or
 * by a document's labelled field (`labelledShip`), after the day they are to arrive are for a person too.
 */
export function promisesTwoDays(sentences: string[], sense: DateSense, labelledShip?: string): boolean {
  const arrivals = new Set<string>();
  const ships: string[] = labelledShip === undefined ? [] : [labelledShip];
  for (const s of sentences) {
    if (CLOSURE.test(s) || PAYMENT.test(s)) continue;
    for (const d of datesIn(s, sense)) {
      const before = s.slice(0, d.index);
      if (!d.iso || d.weak || d.aside || REQUESTED_CUE.test(before) || OTHER_DATE_CUE.test(before) || NEW_DATE_CUE.test(before)) continue;
      if (ARRIVAL_CUE.test(before) || WITH_YOU_AFTER.test(s.slice(d.end))) arrivals.add(d.iso);
      else if (SHIP_WORDS.test(before)) ships.push(d.iso);
    }
  }
  // Goods that leave after the day they are promised to arrive ("livraison le 5 juin … expédition le 10 juin"): one of the days is wrong.
  const lastArrival = [...arrivals].sort().at(-1);
  return arrivals.size > 1 || (lastArrival !== undefined && ships.some((d) => d > lastArrival));
}
