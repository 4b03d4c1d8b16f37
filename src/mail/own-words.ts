/**
 * The sender's own words in a mail: what stands above the history a mail client quotes or forwards
 * under it. The quoted mails are someone else's words (often the agent's own order), so they are
 * cut before anything reads the reply. Markers in English, German, French, Spanish, Italian and Dutch.
 */

/** A line that starts the history: everything from it on is quoted. */
const HISTORY_STARTS = [
  // Gmail, Apple Mail, Thunderbird: "On <date>, <name> wrote:"; the line may be wrapped once.
  /^On\b.{1,400}\bwrote:$/i,
  /^Am\b.{1,400}\bschrieb\b.{0,400}:$/i,
  /^Le\b.{1,400}\ba écrit ?:$/i,
  /^El\b.{1,400}\bescribió ?:$/i,
  /^Il giorno\b.{1,400}\bha scritto ?:$/i,
  /^Op\b.{1,400}\bschreef\b.{0,400}:$/i,
  // Outlook and others: a separator line.
  /^-{2,} ?(Original Message|Forwarded message|Ursprüngliche Nachricht|Weitergeleitete Nachricht|Message d'origine|Message transféré|Mensaje original|Mensaje reenviado|Messaggio originale|Messaggio inoltrato|Oorspronkelijk bericht|Doorgestuurd bericht) ?-{2,}$/i,
  /^Begin forwarded message:$/i,
  /^_{10,}$/,
];

/** Outlook's quoted header block: "From:" (Von:, De :, Da:, Van:) followed by its date, recipient or subject. */
const FROM_LINE = /^\*?(From|Von|De|Da|Van|Sender|Absender) ?:\*? ?\S/i;
const HEADER_LINE = /^\*?(Sent|Date|To|Subject|Cc|Gesendet|Datum|An|Betreff|Envoyé|À|Objet|Enviado|Fecha|Para|Asunto|Inviato|Data|A|Oggetto|Verzonden|Aan|Onderwerp) ?:\*?/i;

function startsHistory(lines: string[], i: number): boolean {
  const line = lines[i]!.trim();
  const joined = `${line} ${(lines[i + 1] ?? '').trim()}`.trim();
  if (HISTORY_STARTS.some((p) => p.test(line) || p.test(joined))) return true;
  if (FROM_LINE.test(line)) return lines.slice(i + 1, i + 5).some((l) => HEADER_LINE.test(l.trim()));
  return false;
}

/** The text above the first mark of a quoted or forwarded mail, without `>` lines anywhere. */
export function ownWords(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const own: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (startsHistory(lines, i)) break;
    if (/^\s*>/.test(lines[i]!)) continue;
    own.push(lines[i]!);
  }
  return own.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
