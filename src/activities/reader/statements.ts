// What the supplier states: text addressed to a machine, earlier mails and the signature are set
// aside before any field is read.

import { TOOL_NAMES } from '../../tools/index.js';
import { notTheSuppliersStatement, withoutLinks } from './claims.js';

const ROLES = 'system|assistant|developer|human|admin(?:istrator)?|tool|ai';
/** Fake role markers: from one to the end of its paragraph, the text speaks to a machine. */
const ROLE: RegExp[] = [
  // At the start of a line: "SYSTEM:", "[system]", "### Assistant", "**Admin override:**".
  new RegExp(`^[\\s\\[(<*#|/]*(?:${ROLES})(?:[\\s_-]+(?:message|prompt|note|override|instructions?|update|notice|command|mode))?\\s*(?:[\\]:>|*]|$)`, 'i'),
  // Anywhere, in brackets or angle brackets: "[SYSTEM]", "<system>", "</tool>".
  new RegExp(`[\\[<]\\/?\\s*(?:${ROLES})(?:[\\s_-]+[a-z]+)?\\s*[\\]>]`, 'i'),
  // Anywhere, shouted: "SYSTEM OVERRIDE:", "ADMIN NOTE:".
  /\b(?:SYSTEM|ASSISTANT|DEVELOPER|ADMIN|ADMINISTRATOR)(?:[\s_-]+[A-Z]+)?\s*:/,
  /<\|[^|>\n]{1,30}\|>|\[\/?(?:INST|SYS)\]|<<\/?SYS>>|\b(?:BEGIN|END) (?:SYSTEM|ADMIN|INSTRUCTIONS?|PROMPT)\b/i,
];

function roleMarker(line: string): number | undefined {
  const at = ROLE.map((re) => re.exec(line)?.index).filter((i): i is number => i !== undefined);
  return at.length ? Math.min(...at) : undefined;
}

/**
 * Our tools' names, and any `wait_for_…` a writer might take for one. Only names with an underscore:
 * `done` is an ordinary word in a reply.
 */
const TOOL_NAME = new RegExp(`\\b(?:${TOOL_NAMES.filter((n) => n.includes('_')).join('|')}|wait_for_[a-z_]+)\\b`, 'i');

/** Sentences that tell the reader what to do, rather than say something about the order. */
const TO_THE_MACHINE: RegExp[] = [
  // Overriding the rules.
  /\b(?:ignore|disregard|forget|override|overrule|bypass|circumvent|suspend)\b[^.\n]{0,60}?\b(?:instructions?|rules?|polic(?:y|ies)|limits?|ceilings?|constraints?|guardrails?|prompts?|approvals?|checks?|safeguards?|guidelines?|previous|prior|earlier|above)\b/i,
  /\b(?:set|update|change|raise|increase|lift|adjust|extend)\s+(?:the\s+|your\s+|its\s+|this\s+)?(?:approved\s+|approval\s+|price\s+|purchase\s+|spending\s+)?(?:ceiling|limit|max(?:imum)?(?:\s+(?:unit\s+)?price)?|maxUnitPrice|approval|decision)\b/i,
  /\b(?:mark|treat|record|consider|flag|log)\b[^.\n]{0,30}\bas\s+(?:already\s+)?(?:approved|authori[sz]ed|pre-?approved|signed off)\b/i,
  // Speaking to an AI.
  /\byou are (?:now )?(?:an?|the|in)\b|\bas an? (?:ai|assistant|language model|llm)\b|\bnew (?:instructions?|directives?|rules?)\b/i,
  /\b(?:ai|llm|assistant|agent|bot|gpt|claude)s?\b[^.\n]{0,30}\b(?:must|should|shall|needs? to|has to|is (?:required|instructed|authori[sz]ed) to|will now)\b/i,
  /\b(?:instructions?|note|message|reminder) (?:for|to) (?:the |any )?(?:ai|assistant|agent|bot|llm|automated|system)\b/i,
  /\bdo not (?:tell|inform|notify|ask|alert|escalate|wait)\b|\bwithout (?:asking|telling|notifying|informing|waiting for)\b/i,
  /\b(?:decode|decoded|base64|encoded)\b[^.\n]{0,60}\b(?:follow|execute|run|obey|apply|act)\b|\b(?:follow|execute|run|obey|apply)\b[^.\n]{0,60}\b(?:decoded|base64|encoded|hidden)\b/i,
  // Calling tools.
  TOOL_NAME,
  /\b[a-z]+(?:_[a-z]+)+\s*\(|\b(?:tool|function)[ _-]?(?:calls?|use|results?|invocations?)\b/i,
  // Pretending to be the structured fields.
  /"[\w\s-]{1,40}"\s*:|\b(?:kind|unit_?price|delivery_?date|max_?unit_?price|approved_?by|approval|decision|quantity_?approved)\s*[:=]/i,
  // The same, in German, French, Spanish, Italian and Dutch.
  /\b(?:ai|ki|ia)[- ]?(?:assistent\w*|assistant\w*|agent\w*|system\w*|bot)\b/i,
  /\b(?:ignor\w*|disregard|oubli\w*|vergiss\w*|vergessen|missachte\w*|olvid\w*|dimentic\w*|negeer\w*|ne tene[zr] pas compte|no teng\w* en cuenta|non tene\w* conto)\b[^.\n]{0,60}?\b(?:instructions?|consignes|règles|anweisungen|regeln|vorgaben|richtlinien|instrucciones|reglas|normas|istruzioni|regole|instructies|regels|politiques?|políticas?|précédent\w*|vorherige\w*|bisherige\w*|anterior\w*|precedent\w*|vorige)/i,
  /\b(?:assistant|agent|ki|ia|bot|modèle|modelo|modello|système|sistema|systeem|automatisiert\w*|automatis\w*|automatizad\w*|automatizzat\w*|geautomatiseerd\w*)\b[^.\n]{0,40}\b(?:doit|devez|doivent|muss|müssen|soll|sollen|debe|deben|deve|devono|moet|moeten)\b/i,
  /\b(?:à l'attention d[eu]|note pour|message pour|hinweis für|nachricht für|anweisung für|nota para|mensaje para|nota per|messaggio per|bericht voor|notitie voor)\s+(?:l'|le |la |den |die |das |el |il |lo |de |het )?(?:assistant|agent|ia|ki|bot|système|sistema|system|systeem|automat\w*)/i,
  /\bsans (?:attendre|demander|prévenir|validation)|\bohne (?:zu )?(?:warten|fragen|rückfrage|genehmigung|freigabe)|\bsin (?:esperar|preguntar|consultar|aprobación)|\bsenza (?:attendere|chiedere|approvazione)|\bzonder (?:te )?(?:wachten|vragen|goedkeuring)/i,
  /\b(?:veuillez|merci de|bitte|por favor|le rogamos|si prega di|vi preghiamo di|gelieve|graag)\b[^.!?\n]{0,40}\b(?:annul\w*|stornier\w*|cancel\w*|anul\w*|annull\w*|annuleer\w*|re-?command\w*|neu bestellen|volver a pedir|riordin\w*|opnieuw bestellen|passer (?:une )?(?:nouvelle )?commande|marque\w*|markier\w*|marcar|segnare|markeer\w*)/i,
  // Sending the order, payment or replies somewhere else.
  /\b(?:send|forward|redirect|re-?route|route|place|switch|transfer|submit|wire|remit|pay|email|address)\b[^.\n]{0,30}\b(?:orders?|po|pos|purchase orders?|payments?|invoices?|funds|money|replies|correspondence)\b[^.\n]{0,40}\b(?:to|with|via|into|at)\b/i,
];

/** A mail footer's legal notice: it states nothing about the order, and its "if you received this in error" is no question. */
const DISCLAIMER = /\b(?:late payment|retard de paiement|zahlungsverzug|retention of title|eigentumsvorbehalt|réserve de propriété|goods remain the property|title to the goods|conditions générales|conditions of sale|terms and conditions|allgemeinen geschäftsbedingungen|condiciones generales|confidential|confidentiel\w*|vertraulich\w*|confidencial\w*|riservat\w*|vertrouwelijk)\b|\b(?:received this (?:message|e-?mail) in error|reçu ce message par erreur|irrtümlich erhalten|recibido (?:este mensaje )?por error|ricevuto (?:questo messaggio )?per errore|think before you print|pensez à l'environnement)\b|^(?:si vous avez reçu|if you (?:have )?received|sollten sie diese|si ha recibido|se avete ricevuto)\b/i;

/** A line after which everything is an earlier mail: reply headers of common mail clients, in the languages read. */
const EARLIER_MAIL: RegExp[] = [
  /^\s*-{2,}\s*(?:original message|ursprüngliche nachricht|message d'origine|mensaje original)\s*-{2,}/i,
  /^\s*(?:on|am|le|el)\s.{4,200}\s(?:wrote|schrieb|a écrit|escribió)\s*:\s*$/i,
];
/** A forwarded mail runs from its marker to a closing rule or the end of the text. */
const FORWARDED = /^\s*(?:-{2,}\s*(?:forwarded message|weitergeleitete nachricht|message transféré|mensaje reenviado)\s*-{2,}|begin forwarded message:)/i;
const RULE_LINE = /^\s*-{5,}\s*$/;
/** An Outlook-style header block ("From: …" then "Sent: …") starts an earlier mail. */
const HEADER_FROM = /^\s*(?:from|von|de)\s?:/i;
const HEADER_SENT = /^\s*(?:sent|date|gesendet|datum|envoyé|enviado|fecha)\s?:/i;
/**
 * The closing of a letter: what follows is the signature (names, phones, addresses), unless a P.S.
 * A bare "Thanks!" is not one: it also opens replies.
 */
const CLOSING = /^\s*(?:(?:kind|best|warm|warmest|with best)\s+regards|regards|sincerely|yours (?:sincerely|faithfully|truly)|mit freundlichen grüßen|freundliche grüße|viele grüße|beste grüße|grüße|(?:bien )?cordialement|salutations distinguées|bien à vous|(?:un )?saludos?(?: cordiales)?|atentamente|un cordial saludo|cordiali saluti|distinti saluti|saluti|met vriendelijke groet(?:en)?|vriendelijke groet(?:en)?|--)\s*[,.!]?\s*$/i;
const POSTSCRIPT = /^\s*p\.?\s?s\.?\s*[:.-]?\s/i;

/** The supplier's own teams whose mail it hands on as its word; one it forwards may also be its planners'. */
const TEAMS = 'warehouse|dispatch|despatch|logistics|shipping|production|works|team|colleagues?|plant|3pl|forwarder|department|dept|office|desk';
const OUR_TEAM = `(?:${TEAMS})`;
const FORWARDING_TEAM = `(?:planner|planning|scheduler|${TEAMS})`;

/**
 * Words of the supplier's, before a forwarded or earlier mail, that hand it on as its own side's answer: "see below from
 * our dispatch team", "below from our warehouse", "tracking below", "Purolator notice below", "anbei die Versandinfo",
 * "suivi ci-dessous". What a supplier forwards from its own staff, or its carrier's notice of the goods, is the
 * supplier's word (LABELS.md); the buyer's own mail quoted back is not, and a bare "see below" may point to it.
 */
const OUR_SIDE_BELOW = new RegExp(`\\bforward(?:ing|ed)?\\b[^.?!]{0,20}\\b(?:from|what|the (?:note|mail|email|message|update|reply) (?:from|of))\\s+(?:our|my)\\s+(?:[\\w-]+\\s+)?${FORWARDING_TEAM}\\b|\\b(?:below|beneath)\\s+(?:is\\s+|are\\s+)?(?:from|by)\\s+(?:our|my)\\s+(?:[\\w-]+\\s+)?${OUR_TEAM}\\b|\\b(?:from|by)\\s+(?:our|my)\\s+(?:[\\w-]+\\s+)?${OUR_TEAM}\\b[^.?!]{0,30}\\b(?:below|beneath)\\b|\\b(?:tracking|carrier|courier|shipment|shipping|dispatch|despatch|delivery)\\s+(?:notice|notification|confirmation|details|info|update|email|message)?\\s*(?:is\\s+)?below\\b|\\b(?:ups|fedex|dhl|tnt|dpd|gls|purolator|canpar|usps|royal mail|palletways)\\s+(?:notice|notification|confirmation|email|message|update)\\s+(?:is\\s+)?below\\b|\\b(?:anbei|unten|nachstehend)\\b[^.?!]{0,30}\\b(?:versand|sendungs|liefer)\\w*|\\b(?:versand|sendungs|liefer)\\w*\\s+(?:anbei|unten|nachstehend)\\b|\\bci-dessous\\b[^.?!]{0,30}\\b(?:expédition|suivi|livraison|transporteur)|\\b(?:avis d'expédition|suivi|transporteur)\\b[^.?!]{0,20}\\bci-dessous\\b|\\b(?:abajo|a continuación)\\b[^.?!]{0,30}\\b(?:envío|seguimiento|despacho|transportista)|\\b(?:aviso de (?:envío|despacho)|seguimiento)\\b[^.?!]{0,20}\\b(?:abajo|a continuación)\\b`, 'i');

/** Whether an earlier mail starts at line `i`: its "On … wrote:" line, or a From: with a Sent: just under it. */
const startsEarlierMail = (lines: readonly string[], i: number): boolean =>
  EARLIER_MAIL.some((re) => re.test(lines[i]!)) || (HEADER_FROM.test(lines[i]!) && lines.slice(i + 1, i + 4).some((n) => HEADER_SENT.test(n)));

/** Header lines of a forwarded or earlier mail: who sent it, when and what about, not anyone's statement. */
const HEADER_LINE = /^\s*(?:from|sent|date|to|cc|subject|von|gesendet|datum|an|betreff|de|envoyé|à|objet|enviado|fecha|para|asunto)\s?:/i;

/**
 * The earlier mail the supplier writes above, as its lines with the quote marks (">") taken off and its reply header
 * ("On … wrote:", "From: … Sent: …") left out; none when the text quotes no earlier mail or forwards one (a forwarded
 * mail may be anyone's).
 */
export function quotedMail(text: string): string[] {
  const lines = text.split('\n');
  if (lines.some((l) => FORWARDED.test(l.replace(/^(?:\s*>)+/, '')))) return [];
  const start = lines.findIndex((l, i) => /^\s*>/.test(l) || startsEarlierMail(lines, i));
  if (start < 0) return [];
  return lines.slice(start).map((l) => l.replace(/^(?:\s*>)+\s?/, ''))
    .filter((l) => !EARLIER_MAIL.some((re) => re.test(l)) && !HEADER_LINE.test(l));
}

/** The lines the supplier wrote in this mail: earlier mails, forwarded blocks and the signature dropped. */
export function ownLines(text: string, keepSignature = false): string[] {
  const lines = text.split('\n');
  const kept: string[] = [];
  let inForward = false;
  let inSignature = false;
  // A mail the supplier's own words hand on as its side's answer is read as theirs, up to any mail quoted in it.
  let inHandedOn = false;
  let inItsHeader = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (inForward) {
      inForward = !RULE_LINE.test(line);
      continue;
    }
    const startsMail = FORWARDED.test(line) || startsEarlierMail(lines, i);
    if (startsMail && !inHandedOn && kept.some((l) => OUR_SIDE_BELOW.test(l))) {
      [inHandedOn, inItsHeader, inSignature] = [true, true, false];
      kept.push('');
      if (!HEADER_LINE.test(line)) continue;
    }
    // Its header (From:, Sent:, Subject: …) is skipped; a mail quoted further down it is an earlier mail as ever.
    if (inItsHeader && HEADER_LINE.test(line)) continue;
    inItsHeader = false;
    if (FORWARDED.test(line)) {
      inForward = true;
      continue;
    }
    if (startsEarlierMail(lines, i)) break;
    if (CLOSING.test(line) && !keepSignature) inSignature = true;
    if (inSignature && !POSTSCRIPT.test(line)) {
      kept.push('');
      continue;
    }
    inSignature = false;
    kept.push(line);
  }
  return kept;
}

/**
 * A sentence ends at . ! ? ; but not after an abbreviation ("Sept. 5", "No. 12", "zzgl. Fracht", "ordine n. 881"), in a German date ("am 12. März"), in a
 * week's number ("in der 11. KW", "w 12. tygodniu") or
 * after a weekday shortened before its date ("am Mi. 17.6.", "Thu. 18/06").
 */
const SENTENCE_END = /(?<=[.!?;])(?<!\b(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|no|nos|nr|ca|approx|rs|stk|st|szt|pcs|pc|ea|uds?|pzs?|mr|mrs|ms|dr|st|e\.g|i\.e|z\.b|w\.e\.f|zzgl|inkl|exkl|incl|excl|ggf|evtl|bzw|pos|sig|sr|sra|vs|n|ref|art)\.)(?<!\b(?:mo|di|mi|do|fr|sa|mon|tue|tues|wed|thu|thur|thurs|fri|sat|lun|mer|jeu|ven|mié|jue|vie|ma|wo|vr)\.(?=\s+\d))\s+(?!(?:januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember)\b)(?!(?<=\b\d{1,2}\.\s+)(?:kw|kalenderwoche|woche|tygodni|tydzień|týdnu|týden|hafta|uge)(?![a-zà-ž]))/i;

/**
 * A period after a date's digits ("am 05.12. für Sie in Ordnung?") ends no sentence when a lower-case word follows; nor do
 * the periods of a date spaced out as Czech and Slovak mail writes it ("Nový termín dodání je 26. 2. 2027"), or year first as
 * Hungarian writes it ("Szállítási határidő: 2026. 10. 16.").
 */
const spacedDate = (before: string, piece: string): boolean =>
  (/\b\d{1,2}\.$/.test(before) && /^\d{1,2}\.(?:\s|$)/.test(piece)) || (/\b\d{1,2}\.\s\d{1,2}\.$/.test(before) && /^(?:\d{4}|\d{2})\b/.test(piece))
  || (/\b20\d{2}\.$/.test(before) && /^\d{1,2}\.(?:\s|$)/.test(piece));

function sentencesOf(line: string): string[] {
  const out: string[] = [];
  for (const piece of line.split(SENTENCE_END)) {
    if (out.length && /\d\.$/.test(out.at(-1)!) && (/^\p{Ll}/u.test(piece) || spacedDate(out.at(-1)!, piece))) out[out.length - 1] += ` ${piece}`;
    else out.push(piece);
  }
  return out;
}

/** Fenced code and links set aside: neither is a statement. */
const unfenced = (text: string): string => withoutLinks(text.replace(/```[\s\S]*?(?:```|$)/g, '\n\n'));

/**
 * The lines the supplier wrote in this mail, layout kept, for its tables and labelled fields. Unlike
 * `statements`, the signature stays: ERP documents are often pasted below it.
 */
export function ownLayoutLines(layout: string): string[] {
  return ownLines(unfenced(layout), true).filter((line) => !/^\s*>/.test(line) && roleMarker(line) === undefined);
}

/**
 * The sentences that state something about the order. Set aside: quoted earlier messages,
 * forwarded mails, the signature, fenced code, fake role markup to the end of its paragraph, and
 * any sentence addressed to a machine. What is set aside is not read for any field.
 */
export function statements(visible: string): string[] {
  return ownSentences(visible).filter((said) => !notTheSuppliersStatement(said));
}

/**
 * The sentences the supplier wrote in this mail (not quoted, forwarded, signature, fenced or addressed to a machine),
 * its claims about the buyer's side and its demands on the buyer included.
 */
export function ownSentences(visible: string): string[] {
  const kept: string[] = [];
  const text = unfenced(visible);
  for (const paragraph of ownLines(text).join('\n').split(/\n\s*\n/)) {
    for (const line of paragraph.split('\n')) {
      if (/^\s*>/.test(line)) continue;
      const role = roleMarker(line);
      const own = role === undefined ? line : line.slice(0, role);
      for (const sentence of sentencesOf(own)) {
        const said = sentence.trim();
        if (said && !TO_THE_MACHINE.some((re) => re.test(said)) && !DISCLAIMER.test(said)) kept.push(said);
      }
      if (role !== undefined) break;
    }
  }
  return kept;
}
