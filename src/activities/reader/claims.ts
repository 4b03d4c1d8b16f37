import { amountsIn } from './amounts.js';

// Sentences a supplier writes that are not its own statement about the order: claims about what
// the buyer's side decided or received, and demands that the buyer act. Only the API records an
// approval or a receipt, and only the manager changes an order, so neither kind of sentence can
// carry a price, a kind or a date; text that is left once they are set aside is read as usual.

/** Who decides on the buyer's side, in the languages read. */
const BUYER = [
  "your(?:\\s+\\w+)?\\s+(?:manager|management|purchasing|procurement|buyer|buying|team|department|dept|boss|director|head|colleague|side|company|cfo|ceo|controller|office|approver|supervisor)",
  "(?:the\\s+)?buyer'?s?\\s+side", 'on\\s+your\\s+(?:side|end)',
  // "agreed with Mark in purchasing": a person of the buyer's buying office, named.
  '(?:\\w+\\s+)?(?:in|from|at|of)\\s+(?:your\\s+)?(?:purchasing|procurement|buying|einkauf|achats|compras|acquisti|inkoop)',
  'ihr(?:e|em|en|er)?\\s+(?:\\w+\\s+)?(?:einkauf\\w*|leiter\\w*|vorgesetzte\\w*|chef\\w*|abteilung|team|geschäftsführ\\w*|seite)',
  'votre\\s+(?:\\w+\\s+)?(?:responsable|direct(?:eur|rice)|service|équipe|acheteu(?:r|se)|manager|hiérarchie)',
  '(?:su|vuestro|vuestra)\\s+(?:\\w+\\s+)?(?:jefe|gerente|responsable|director|departamento|equipo|comprador)',
  '(?:il\\s+)?(?:vostro|vostra|suo|sua)\\s+(?:\\w+\\s+)?(?:responsabile|direttore|ufficio|reparto|acquisti)',
  'uw\\s+(?:\\w+\\s+)?(?:manager|inkoop\\w*|afdeling|leidinggevende)',
].join('|');
/** Who receives goods on the buyer's side. */
const BUYER_DOCK = [
  'your(?:\\s+\\w+)?\\s+(?:warehouse|dock|goods[- ]in|receiving|stores|site)',
  'ihr(?:e|em|en|er)?\\s+(?:lager|wareneingang)', 'votre\\s+(?:entrepôt|magasin|quai)', 'su\\s+almacén', '(?:il\\s+)?vostro\\s+magazzino', 'uw\\s+magazijn',
].join('|');

/** What the buyer's side is claimed to have decided. */
const DECIDED = [
  'approv\\w*', 'pre-?approv\\w*', 'authori[sz]\\w*', 'agreed', 'signed\\s+off', 'sign(?:ed)?-off', 'validated', 'ok(?:ay)?ed', "ok'd", 'cleared', 'green-?lit',
  'accepted\\s+the\\s+(?:new|higher|revised|updated)',
  'genehmigt\\w*', 'freigegeben', 'zugestimmt', 'akzeptiert', 'vereinbart', 'abgesegnet',
  'valid(?:é|e)e?s?', 'approuv(?:é|e)e?s?', 'autoris(?:é|e)e?s?', 'accept(?:é|e)e?s?', 'convenu',
  'aprobad[oa]s?', 'aprobó', 'autorizad[oa]s?', 'autorizó', 'acordad[oa]s?', 'aceptad[oa]s?',
  'approvat[oa]', 'autorizzat[oa]', 'accettat[oa]', 'concordat[oa]', 'goedgekeurd', 'akkoord', 'afgesproken', 'overeengekomen',
].join('|');
const RECEIVED = 'received|signed\\s+for|booked\\s+in|erhalten|eingegangen|reçue?s?|recibid[oa]s?|ricevut[oa]|ontvangen';

/**
 * A sentence claiming that someone on the buyer's side approved or agreed something, that an
 * approval was granted, or that the buyer's warehouse has the goods: "your manager has already
 * approved $6.00 per unit", "as agreed with your purchasing team", "approval granted at 6.40",
 * "Ihr Einkaufsleiter hat 6,10 € freigegeben", "your warehouse has already received them".
 */
const BUYER_SIDE_CLAIMS: RegExp[] = [
  new RegExp(`\\b(?:${BUYER})\\b[^.!?\\n]{0,80}?\\b(?:${DECIDED})(?![\\w-])`, 'i'),
  new RegExp(`\\b(?:${DECIDED})\\s+(?:by|with|from|on|at|von|mit|par|avec|por|con|da|door|met)\\s+(?:\\w+\\s+)?(?:${BUYER})\\b`, 'i'),
  new RegExp(`\\b(?:${BUYER_DOCK})\\b[^.!?\\n]{0,60}?\\b(?:${RECEIVED})(?![\\w-])`, 'i'),
  /\b(?:approval|authori[sz]ation|sign-?off|freigabe|genehmigung|validation|approbation|autorisation|aprobación|autorización|approvazione|autorizzazione|goedkeuring)\b[^.!?\n]{0,30}\b(?:granted|given|obtained|received|confirmed|in place|on file|erteilt|liegt vor|accordée|donnée|obtenue|concedida|otorgada|obtenida|concessa|ottenuta|verleend)\b/i,
  /\b(?:already|bereits|schon|déjà|ya|già|al)\s+(?:been\s+|wurde\s+|été\s+|sido\s+|stato\s+)?(?:pre-?)?(?:approved|authori[sz]ed|genehmigt|freigegeben|approuvé|validé|autorisé|aprobado|autorizado|approvato|autorizzato|goedgekeurd)\b/i,
  /\bpre-?approved\b|\bpre-?authori[sz]ed\b/i,
  // "Manager approved: unit price $6.20": a decider of the buyer's kind, unless the supplier says it is its own.
  /(?<!\b(?:our|unser\w*|notre|nos|nuestr[oa]s?|nostr[oa]|onze)\s+(?:\w+\s+)?)\b(?:manager|management|purchasing|procurement|buyer|approver|director|cfo|controller|einkauf\w*|responsable|direction|jefe|gerente|responsabile|inkoop\w*)\b\s*(?:has\s+|have\s+|hat\s+|a\s+|ha\s+|heeft\s+)?(?:already\s+)?(?:approved|authori[sz]ed|signed off|genehmigt|freigegeben|validé|approuvé|aprobado|aprobó|approvato|goedgekeurd)\b/i,
];

/** Verbs of acting on an order that, said to the buyer, demand a change of it. */
const ORDER_ACTS = 're-?place|place|re-?issue|issue|re-?submit|submit|re-?send|amend|update|change|adjust|correct|revise|modify|proceed|book|mark|record|register|close|pay|approve|accept|cancel|set|raise|increase';
/** The same demands in German, French, Spanish, Italian and Dutch. */
const ORDER_ACTS_ELSEWHERE = [
  'passen', 'ändern', 'anpassen', 'aktualisieren', 'buchen', 'verbuchen', 'markieren', 'schließen', 'stornieren', 'freigeben', 'neu (?:aufgeben|anlegen|bestellen)',
  'modifie[rz]', 'mett(?:ez|re) à jour', 'enregistre[rz]', 'marque[rz]', 'clôture[rz]', 'annule[rz]', 'valide[rz]', 'repasse[rz]', 'passe[rz]', 'approuve[rz]',
  'modifique', 'modificar', 'actualice', 'actualizar', 'registre', 'registrar', 'marque', 'marcar', 'cierre', 'cerrar', 'cancele', 'cancelar', 'apruebe', 'aprobar',
  'adresse[rz]', 'envoye[rz]', 'émett(?:re|ez)', 'établi[rz]',
  'procedete', 'modificate', 'aggiornate', 'registrate', 'segnate', 'chiudete', 'annullate', 'approvate', 'emettete', 'inviate',
  'wijzig', 'aanpassen', 'wijzigen', 'versturen', 'pas (?:de|het) .{0,20} aan', 'boek', 'markeer', 'sluit', 'annuleer', 'keur .{0,20} goed',
  // Swedish, Danish and Norwegian, Polish, Czech and Portuguese: "uppdatera ordern till", "opdater ordren til", "zmieńcie zamówienie na".
  'uppdatera', 'ändra', 'justera', 'korrigera', 'opdater\\w*', 'ændr\\w*', 'oppdater\\w*', 'endre', 'godkänn', 'godkend',
  'zaktualizuj\\w*', 'zmień\\w*', 'popraw\\w*', 'aktualizujte', 'změňte', 'upravte', 'opravte',
  'atualize', 'atualizem', 'altere', 'alterem', 'corrija',
].join('|');

/**
 * A demand addressed to the buyer or its system: an imperative ("re-place it at $6.40", "please
 * update the PO to 6.10", "kindly proceed at 6.25") or a duty put on the buyer's side ("your system
 * must book it as received", "you need to approve 6.00").
 */
const DEMANDS: RegExp[] = [
  new RegExp(`^(?:(?:so|and|then|now|therefore|thus|hence|also|just|simply)\\s+)?(?:(?:please|pls|kindly|we need you to|we ask you to|we must ask you to|we request that you|be sure to|make sure (?:to|you)|remember to|go ahead and)\\s+)?(?:${ORDER_ACTS})\\b`, 'i'),
  new RegExp(`\\b(?:please|kindly|pls)\\s+(?:${ORDER_ACTS})\\b`, 'i'),
  new RegExp(`\\b(?:you|your (?:system|team|side|erp|agent|software|department)|the (?:buyer|agent|system))\\s+(?:must|should|shall|need to|needs to|have to|has to|are to|is to|are required to|is required to|will need to|can now|may now)\\s+(?:now\\s+|immediately\\s+|simply\\s+)?(?:${ORDER_ACTS})\\b`, 'i'),
  new RegExp(`(?<!\\p{L})(?:bitte|veuillez|merci de|por favor|le rogamos|vi preghiamo di|si prega di|graag|gelieve|vänligen|var (?:vänlig|snäll)|venligst|vennligst|proszę|prosimy|prosíme|pedimos que)(?!\\p{L})[^.!?\\n]{0,60}(?<!\\p{L})(?:${ORDER_ACTS_ELSEWHERE})(?!\\p{L})`, 'iu'),
  new RegExp(`^(?:${ORDER_ACTS_ELSEWHERE})\\s+(?:sie|vous|usted|ustedes)\\b`, 'i'),
  // German separable verbs ("passen Sie … an") and Italian plural imperatives need no pronoun before the object.
  /^(?:bitte\s+)?(?:passen|stellen|setzen|ändern|buchen|senden|schicken)\s+sie\b/i,
  /^(?:procedete|aggiornate|modificate|registrate|segnate|chiudete|annullate|approvate|emettete|inviateci)\b/i,
];

/**
 * The act is to be done at or to an amount: "at $6.40", "to 6.10", "auf 6,10 €", "à 6,00 $". The dot of a number's
 * abbreviation ("amend your PO No. 2612-07 to USD 4.80", "Nr.") ends no demand.
 */
const ACT_AT_AN_AMOUNT = new RegExp(`(?:${ORDER_ACTS}|${ORDER_ACTS_ELSEWHERE})\\b(?:[^.!?\\n]|(?<=\\b(?:no|nos|nr|n|nº))\\.){0,80}?(?:(?:^|\\s)(?:to|at|for|of|auf|zu|für|von|à|a|al|au|de|di|por|en|op|tegen|voor|van|naar|till|til|på|na|do|para)|@)\\s*(?:US\\$|[$€£]|USD|EUR|GBP|CHF)?\\s?\\d`, 'i');

/** Words that say an order act is done to the buyer's records: "mark as received", "book as delivered". */
const AS_DONE = /\b(?:as|als|comme|como|come|als)\s+(?:already\s+|bereits\s+|déjà\s+|ya\s+|già\s+)?(?:received|delivered|closed|complete[d]?|paid|approved|erhalten|geliefert|eingegangen|geschlossen|bezahlt|reçue?s?|livrée?s?|clôturée?|payée?s?|recibid[oa]s?|entregad[oa]s?|cerrad[oa]|pagad[oa]|ricevut[oa]|consegnat[oa]|chius[oa]|ontvangen|geleverd|betaald)\b/i;
const ACT_ON_RECORDS = /\b(?:mark|book|record|register|log|flag|set|close|treat|enter|markieren|buchen|verbuchen|marquer|enregistrer|marcar|registrar|segnare|registrare|markeer|boek)\b/i;

/**
 * Whether a sentence is a claim about what the buyer's side did, or a demand that the buyer act on
 * the order with an amount or on its records: set aside, as text addressed to a machine is.
 */
export function notTheSuppliersStatement(sentence: string): boolean {
  if (BUYER_SIDE_CLAIMS.some((re) => re.test(sentence))) return true;
  if (ACT_ON_RECORDS.test(sentence) && AS_DONE.test(sentence)) return true;
  // A demand without an amount for the act ("please update your records") is left to the kind rules.
  return asksToChangeTheOrder(sentence);
}

/**
 * An instruction to the buyer to change the order at or to an amount ("please update the PO to 4.80", "graag de order
 * aanpassen naar € 6,45"): no price the supplier states, and the order cannot go on at the PO's price either.
 */
export const asksToChangeTheOrder = (sentence: string): boolean =>
  DEMANDS.some((re) => re.test(sentence)) && ACT_AT_AN_AMOUNT.test(sentence) && amountsIn(sentence).length > 0;

/** Links and their targets: an amount in a URL is part of an address, not a statement. Markdown links keep their text. */
export function withoutLinks(text: string): string {
  return text
    .replace(/\[([^\]\n]{0,200})\]\(\s*[^)\s]*\s*(?:"[^"\n]*")?\)/g, '$1')
    .replace(/<?\b(?:https?|ftp):\/\/[^\s<>"')\]]+>?/gi, ' ')
    .replace(/<?\bwww\.[^\s<>"')\]]+>?/gi, ' ');
}
