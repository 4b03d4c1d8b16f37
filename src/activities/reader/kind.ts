import type { ReplyKind } from '../../domain/types.js';

// What a reply says about the order, from the words of its own sentences (English, German,
// French, Spanish). Each kind needs words that state it; a text that states none is unclear.

export const REFUSED = /\b(?:cannot|can't|can ?not|can no longer|could not|couldn't|no longer able to|unable to|not able to|won't be able to|will not be able to|not in a position to)\s+(?:fulfil|fulfill|supply|accept|deliver|ship|process|provide|honou?r|take on)|\bdeclin(?:e|ed|es|ing)\b|\brefus(?:e|ed|es|ing|al)\b|\b(?:has|have) been discontinued\b|\bis discontinued\b|\bno longer (?:available|produced|manufactured|in (?:our )?(?:range|production|stock))\b|\bnicht (?:mehr )?(?:liefern|lieferbar|annehmen|ausführen|erfüllen)\b|\blehnen\b[^.]{0,60}\bab\b|\bausgelaufen\b|\bne (?:pouvons|pourrons|sommes) (?:pas|plus)\s+(?:en mesure de\s+)?(?:livrer|accepter|honorer|fournir|traiter)|\brefusons\b|\bn'est plus (?:disponible|fabriqué|produit)|\bno (?:podemos|podremos) (?:suministrar|aceptar|entregar|atender|servir|cumplir)|\brechaza(?:mos|r)\b|\bya no (?:está disponible|fabricamos|producimos|disponemos)|\bdescatalogado\b/i;

export const PARTIAL = /\bpartial(?:ly)?\b|\b(?:the )?remaining\s+\d|\b(?:only|just)\s+\d[\d,.]*\s*(?:units|pcs|pieces|items)\b|\b\d[\d,.]*\s+of\s+(?:the\s+|your\s+)?\d[\d,.]*\s*(?:units|pcs|pieces)\b|\b(?:the )?(?:rest|remaining|remainder|balance)\b[^.]{0,40}\b(?:follows?|to follow|will follow|will ship|ships|later|next week|on back-?order|is back-?ordered)\b|\bteillieferung\b|\bteilmenge\b|\bnur\s+\d[\d.]*\s*(?:stück|stk|einheiten)\b|\b(?:der )?rest(?:menge)?\b[^.]{0,40}\bfolgt\b|\blivraison partielle\b|\bexpédition partielle\b|\bseulement\s+\d+\s*(?:pièces|unités)\b|\ble solde\b[^.]{0,40}\bsuivra\b|\bentrega parcial\b|\benvío parcial\b|\b(?:solo|sólo|solamente)\s+\d+\s*(?:unidades|piezas)\b|\bel resto\b[^.]{0,40}\b(?:seguirá|llegará|enviaremos)\b|\bdeellevering\b|\bgedeeltelijke levering\b|\b(?:het )?restant\b[^.]{0,40}\bvolgt\b|\b(?:consegna|spedizione) parziale\b|\bil (?:resto|saldo|restante)\b[^.]{0,40}\bseguirà\b/i;

export const PRICE_CHANGE = /\bprice (?:increase|change|rise|adjustment|update|reduction|decrease)s?\b|\bnew (?:unit )?price\b|\bnow costs?\b|\b(?:unit )?price (?:is now|now|will (?:now )?be|has (?:gone up|gone down|risen|increased|decreased|changed)|goes up|rises|increases|changes)\b|\b(?:raised|increased|adjusted|revised|reduced|lowered|update|updated|adjust|increase|raise) (?:the|our|its|your|this) (?:unit )?prices?\b|\bpreiserhöhung\b|\bpreisanpassung\b|\bpreisänderung\b|\bneue[rn]? (?:stück|einzel)?preis\b|\bpreis\w* (?:erhöht|steigt|angepasst)|\baugmentation (?:de|du|des) (?:prix|tarifs?)\b|\bnouveau (?:prix|tarif)\b|\bhausse (?:de|du|des) (?:prix|tarifs?)\b|\bajustement tarifaire\b|\baumento (?:de|del) precio\b|\bnuevo precio\b|\bsubida (?:de|del) precio\b|\bajuste de precios?\b|\bnuovo prezzo\b|\baumento (?:di|del) prezzo\b|\bprezzo\b[^.]{0,40}\bè ora\b|\bnieuwe (?:stuks)?prijs\b|\bprijsverhoging\b|\b(?:stuks)?prijs\b[^.]{0,40}\bis (?:nu|voortaan)\b/i;

export const DELAYED = /\bdelay(?:ed|s)?\b|\bpostpone|\blate\b|\bnew (?:delivery|ship(?:ping)?|dispatch) date\b|\brevised (?:delivery|ship(?:ping)?|dispatch) date\b|\bback-?order(?:ed)?\b|\bpushed back\b|\brescheduled\b|\bslipp?(?:ed|ing)\b|\brunning behind\b|\bwon't make (?:the|your) (?:date|deadline)\b|\b(?:moved|pushed|put back) to\b|\bmov(?:es|ed|ing) (?:from|to|out)\b|\b(?:eta|delivery|shipment|dispatch) (?:is )?now\b|\bverz(?:ö|oe)ger(?:t|ung)\b|\blieferverzug\b|\bverschiebt sich\b|\bverschoben\b|\bneue[rn]? liefertermin\b|\bspäter als (?:geplant|vereinbart)\b|\bretard\w*\b|\breport(?:é|ée|er)\b|\bdécal(?:é|ée|er)\b|\brepouss(?:é|ée)\b|\bnouvelle date\b|\bretras\w*\b|\baplaza\w*\b|\bpospuest\w*\b|\bnueva fecha\b/i;
/** "without delay", "no delays expected", "avoid late delivery": delay words that deny a delay. */
const NO_DELAY = /\b(?:without|no|avoid(?:ing)?|any|free of|ohne|sans|sin)\s+(?:\w+\s+)?(?:delays?|late\b|verzögerung|retard|retraso)\w*|\bat the latest\b|\bnot (?:be )?(?:delayed|late)\b|\bon time\b/gi;

export const CONFIRMED = /\bwe (?:hereby |gladly |happily |are (?:pleased|happy|glad) to |can )?(?:confirm|accept)\b(?!\s+(?:the\s+|your\s+)?(?:receipt|reception|that (?:we|your) (?:have )?(?:received|got)))|\b(?:order|po|purchase order|p\.o\.|delivery|shipment|dispatch)\b[^?]{0,40}\b(?:is|has been|was|are|have been)\s+(?:hereby\s+|now\s+)?(?:confirmed|accepted|scheduled|planned)\b|(?<!\b(?:not|be|never)\s+)\b(?:confirmed|accepted)\b|\b(?:we|i)(?: will|'ll| shall| can) (?:ship|deliver|dispatch|send (?:the goods|it|them|your order))\b|\b(?:goods|order|items?|shipment|delivery|it|they|parts|everything|the (?:full|whole) (?:quantity|order))\b[^?]{0,45}?\s(?:will|shall)\s+(?:be\s+)?(?:shipped|delivered|dispatched|leave|ship|arrive)\b|\bon track for\b|\bready (?:for|to) (?:ship|dispatch|collection)\b|\bbestätigen (?:wir )?(?:ihnen )?(?:hiermit |gerne )?(?:ihre|ihren|die|den|ihr)\s+(?:bestellung|auftrag|liefertermin)|\bhiermit bestätigen wir\b|\b(?:anbei|beigefügt|hiermit)\b[^.]{0,30}\bauftragsbestätigung\b|\b(?:bestellung|auftrag|lieferung)\b[^?]{0,40}\b(?:ist|wurde|wird)\s+(?:hiermit\s+)?(?:bestätigt|angenommen)\b|\bwird\b[^?]{0,40}\b(?:geliefert|versendet|verschickt|ausgeliefert)\b|\blieferung erfolgt\b|\bnous (?:vous )?confirmons (?:bien )?(?:votre|la|cette|le)\s+(?:commande|livraison|bon de commande)|\bcommande\b[^?]{0,30}\b(?:est|a été)\s+(?:bien\s+)?(?:confirmée|acceptée)|\bsera (?:livrée|expédiée|livré|expédié)\b|\blivraison (?:est )?prévue\b|\bnous acceptons votre commande\b|\bconfirmamos (?:su|el|la|este|vuestro)\s+(?:pedido|orden|entrega)|\bpedido\b[^?]{0,30}\b(?:está|ha sido|queda)\s+(?:confirmado|aceptado)|\b(?:será|se) (?:entregado|enviado|enviará|entregará|despachará)\b|\baceptamos su pedido\b|\bconfirmamos\b[^.?]{0,40}\baceptación\b|\bthis is to confirm\b|\bwe confirm (?:the )?receipt and acceptance\b|\b(?:has|have) (?:been )?(?:shipped|dispatched)\b|\bshipped today\b|\bcommande\b[^?.]{0,30}\bconfirmée\b|\b(?:la|le|les) confirmons\b|\bconfermiamo\b|\b(?:ordine|consegna)\b[^?.]{0,30}\bconfermat[oa]\b|\bsarà (?:consegnat|spedit)[oa]\b|\bbevestigen (?:wij|we)\b|\bwij bevestigen\b|\b(?:bestelling|order|levering)\b[^?.]{0,30}\b(?:is|wordt) bevestigd\b|\bwordt (?:geleverd|verzonden)\b/i;

/** A statement that does not settle anything yet: a condition, a promise to answer later, a request to the buyer. */
const OPEN = /^(?:if|once|as soon as|provided|should you|unless|when|wenn|sobald|falls|sofern|si|dès que|une fois|una vez|en cuanto|cuando|siempre que)\b|\b(?:subject to|vorbehaltlich|sous réserve|sujeto a|pending|awaiting|not yet|noch nicht|pas encore|todavía no|aún no|(?:will|shall|cannot|can't|unable to|not able to) confirm|(?<!\b(?:pleased|happy|glad|is) )to confirm|confirm (?:receipt|reception)(?! and acceptance)|confirmation (?:will|to) follow|revert|get back to you|come back to you|in due course|unless|as soon as(?! possible)|once we|melden uns|reviendrons|volveremos|nos pondremos|please (?:confirm|advise|let us know whether|let us know if you|tell us|specify|clarify|send|approve|arrange)|bitte (?:bestätigen|teilen sie|senden)|merci de (?:confirmer|nous)|veuillez|por favor (?:confirme|indíquenos|envíe)|would you|could you|can you|do you|shall we|should we)\b/i;
/** Questions that are only a courtesy. */
const COURTESY = /\b(?:any (?:other |further )?questions|anything else|need (?:anything|more help)|weitere fragen|questions? supplémentaires|cualquier (?:duda|pregunta))\b/i;

/** The reply is about something else than this order's status: an absence, money owed, a sales offer. */
const ELSEWHERE: RegExp[] = [
  /\b(?:out of (?:the )?office|on (?:annual |parental |sick )?leave|away from (?:the|my) (?:office|desk)|auto(?:matic|mated)?[- ]?reply|abwesen\w*|nicht im büro|urlaub|automatische antwort|absent\w* du bureau|en congés?|réponse automatique|fuera de la oficina|de vacaciones|respuesta automática)\b/i,
  /\b(?:overdue|outstanding|unpaid|past due|payment reminder|zahlungserinnerung|mahnung|überfällig|impayée?s?|relance|vencid[ao]s?|pendiente de pago|prepayment|advance payment|payment in advance|vorkasse|vorauszahlung|paiement anticipé|pago anticipado|credit (?:limit|hold)|on hold)\b/i,
  /\b(?:special offer|promotion|promo\b|we (?:can|could|would like to|are pleased to) offer|may we offer|would you be interested|also available|upgrade to|as an alternative|alternatively|new (?:product|catalog(?:ue)?|price list)|sonderangebot|als alternative|alternativ|bieten (?:wir )?ihnen|en alternative|como alternativa|offre spéciale|nous pouvons vous proposer|oferta especial|promoción|le ofrecemos)\b/i,
];

const pick = (sentences: string[], re: RegExp) => sentences.filter((s) => re.test(s));

/** Whether some sentence leaves a point open for the buyer or the supplier to settle. */
export const isOpen = (s: string): boolean => (OPEN.test(s) || /\?\s*$/.test(s)) && !COURTESY.test(s);

/** What the reply's own sentences state about the order; `unclear` when they state nothing plainly. */
/** "We cannot deliver before 21 July 2025": a refusal bounded by a date is a delay. */
const UNTIL_A_DATE = /\b(?:before|until|till|prior to|vor dem|avant le|antes del?)\s+(?:the\s+)?\d/i;

export function kindOf(sentences: string[]): ReplyKind {
  if (sentences.length === 0 || ELSEWHERE[0]!.test(sentences.join(' '))) return 'unclear';
  const settled = sentences.filter((s) => !isOpen(s));
  const refusals = pick(settled, REFUSED);
  if (refusals.length && !refusals.every((s) => UNTIL_A_DATE.test(s))) return 'refused';
  if (refusals.length) return 'delayed';
  if (pick(settled, PARTIAL).length) return 'partial';
  if (pick(settled, PRICE_CHANGE).length) return 'price_change';
  if (settled.some((s) => DELAYED.test(s.replace(NO_DELAY, ' ')))) return 'delayed';
  if (!aboutSomethingElse(sentences) && !sentences.some(isOpen) && pick(settled, CONFIRMED).length) return 'confirmed';
  return 'unclear';
}

/** Whether the reply is an absence notice, talks of money owed or makes an offer: a price in it is not this order's price. */
export const aboutSomethingElse = (sentences: string[]): boolean => ELSEWHERE.some((re) => sentences.some((s) => re.test(s)));
