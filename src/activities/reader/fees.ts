// The names of costs a supplier may put on an order beside the goods, in the languages read: freight, energy,
// small-order, pallet, packing, tooling, handling and alloy fees, surcharges, duties. Shared by the rule on added
// costs (costs.ts) and by the reading of unit prices (prices.ts): an amount named as one of them is no unit price.

/** Surcharges by name: "surcharge", "Zuschlag", "supplément", "recargo", "maggiorazione", "toeslag", "dopłata", "příplatek", "tillägg", "ek ücret". */
export const SURCHARGE = String.raw`surcharge|supplement|\w*zuschlag\w*|\w*aufschlag|supplément|majoration|recargo|suplemento|sobrecargo|sovrapprezzo|maggiorazione|sovrattassa|supplemento|toeslag|sobretaxa|acréscimo|dopłat\w*|narzut\w*|příplat\w*|\w*tillägg|\w*tillæg|ek ücret\w*|ilave ücret\w*`;

/**
 * Fees by name: freight (Fracht, frais de port, flete, porte, trasporto, vracht, frete, fracht, frakt, doprava, navlun,
 * nakliye, fragt), energy, small-order, pallet, packing, tooling, handling and the like, and the words for a fee or a
 * charge in each language (Gebühr, frais, gastos, cargo, spese, kosten, taxa, opłata, avgift, poplatek, ücret, gebyr).
 */
export const FEE = new RegExp(String.raw`(?<![\p{L}\d])(?:surcharge|fee|fees|charge|charges|freight|shipping|carriage|handling|pallet|packaging|tooling|set-?up|small[- ]order|minimum[- ]order|liftgate|dut(?:y|ies)|customs|clearance|import (?:tax|taxes|charges)|zölle|zoll(?:gebühr\w*|kosten|abgaben)|droits de douane|dédouanement|frais de douane|aranceles?|aduanas?|dazi|sdoganamento|invoerrechten|inklaring\w*|(?:transport|verzend|vracht|inklarings|invoer|zoll|liefer|verpackungs?|versand|bearbeitungs|rüst|werkzeug|paletten|fracht|energie|behandelings|gereedschaps)kosten|cła?|odpraw\w* celn\w*|direitos aduaneiros|desalfandegamento|${SURCHARGE}|\w*gebühr\w*|fracht\w*|versandkosten|verpackungskosten|mindermengen\w*|paletten\w*|frais|fret|port|recargo|gastos|portes?|flete\w*|tasa|cargo|spese|costi di|trasporto|imballaggio|imballo|kosten|toeslag|vracht\w*|frete\w*|taxa de \w+|embalagem|opłat\w*|koszt\w* (?:transportu|dostawy|wysyłki|pakowania|palet\w*)|fraktavgift\w*|frakt(?:en|kostnad\w*)?|\w+avgift(?:en|er)?|avgift\w*|dopravn[éý]\w*|doprav[ay] (?:zboží )?(?:bude|se|je) (?:účtov|fakturov)\w*|\w*poplat\w*|navlun\w*|nakliye\w*|kargo ücret\w*|\w*ücret\w*|bedel\w*|fragt\w*|\w*gebyr\w*|emballage)(?![\p{L}\d])`, 'iu');

/**
 * Freight terms that leave the freight to the buyer: "Prepay & Add" (the supplier pays it and puts it on the invoice),
 * "freight collect", "unfrei", "port dû", "portes debidos", "porto assegnato", "frete por conta do comprador",
 * "transport po stronie kupującego", "frakt betalas av köparen", "doprava na náklady odběratele", "navlun alıcıya ait".
 */
export const FREIGHT_ON_BUYER = /\bprepa(?:y|id)\s*(?:&|and|\+)\s*add(?:ed)?\b|\b(?:freight|shipping)\s+collect\b|\bcollect\s+freight\b|\bunfrei\b|\ben\s+port\s+d[ûu]\b|\bport\s+d[ûu]\b|\bportes?\s+debidos?\b|\bporto\s+assegnato\b|\bfrete\s+(?:a\s+pagar|por\s+conta\s+do\s+(?:comprador|cliente|destinatário))\b|\btransport\s+po\s+stronie\s+(?:kupującego|odbiorcy|zamawiającego|nabywcy)\b|\bfrakt(?:en)?\s+(?:betalas|står)\s+(?:av|för)\s+(?:köparen|kunden|er)\b|\bdoprav[ay]\s+na\s+náklady\s+(?:odběratele|kupujícího|zákazníka)\b|\bnavlun\s+(?:alıcıya|müşteriye)\s+ait\b|\bfragt(?:en)?\s+betales\s+af\s+(?:køber|kunden)\b|\bvracht\s+(?:voor\s+rekening\s+(?:van\s+)?(?:de\s+)?(?:koper|klant|afnemer))\b/i;

/**
 * Words that put a cost on the order in the languages the generic list in costs.ts leaves out: "tillkommer",
 * "tillægges", "účtujeme", "bude připočten", "eklenecektir", "naliczymy", "será adicionado", "verrà applicato",
 * "in rekening gebracht", "goes on the invoice".
 */
export const CHARGED_MORE = /\b(?:(?:go(?:es)?|appears?|shows?|be shown|be added|will be) on (?:the|your|our) invoice|tillkommer|tilkommer|tillkommande|tillægges|lægges (?:oveni|til)|debiteres|faktureras|faktureres|fakturujeme|účtujeme|bude (?:účtován|připočten|fakturován)\w*|připočít\w*|doúčtujeme|eklen(?:ecek|ir|ecektir)\w*|ilave edil\w*|fatura(?:ya)? (?:edil|yansıtıl)\w*|yansıtıl\w*|alıcıya ait|naliczon\w*|naliczymy|zostanie doliczon\w*|adicionad[oa]s?|ser(?:á|ão) cobrad[oa]s?|applicat[oa]|applicher\w*|verrà applicat\w*|in rekening (?:ge)?bracht|wordt (?:extra )?berekend|worden toegevoegd|komt (?:er )?bij|komen (?:er )?bij|bovenop)\b/i;
