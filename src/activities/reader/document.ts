import { amountsIn, parseNumber } from './amounts.js';
import { datesIn, isoDate, type DateSense } from './dates.js';
import { CONFIRMED } from './kind.js';
import { exactPerUnit, readingNear, roundPrice } from './prices.js';

// What an ERP or portal document says about the order: a line table (ordered, shipped and
// back-ordered quantities, unit price, requested and promised dates) and labelled fields
// ("Estimated delivery: …", "Versanddatum: …"). Its rows are read by their column headers, not
// as sentences: a "Back-ordered" header is not a delay, "5000" under "Qty" is not a price.

/** What a column holds, by the words of its header (English, German, French, Spanish, Italian, Dutch, Polish, Swedish, Czech, Turkish, Danish). */
type Role = 'ordered' | 'shipped' | 'backordered' | 'unitPrice' | 'amount' | 'requested' | 'arrival' | 'ship' | 'uom' | 'per';
const ROLES: [Role, RegExp][] = [
  ['per', /^(?:per|pro|je|par|por|pe)\.?$/i],
  ['backordered', /\bpend\.|\bpend\b|^rest$|back-?\s?order|\bb\/o\b|rückstand|offen|restmenge|reliquat|restant|en attente|pendiente|\bbalance\b|open qty|outstanding|à livrer|por (?:servir|entregar)|da evadere|nalevering/i],
  ['shipped', /\bserv\.|teillief\w*|\bserv\b|surtid|ship(?:ping)? now|now shipping|to ship now|this (?:lot|drop)|ship(?:ped)?\s*qty|qty\s*ship|qty\s*shp\b|\bshp\.?\s*qty|\bshipped\b|despatched|dispatched|\bdelivered\b|this (?:shipment|delivery)|geliefert|liefermenge|versandt|expédi[ée]|livr[ée]|enviad|servid|entregad|consegnat|spedit|geleverd|verzonden/i],
  ['requested', /\byour\s*(?:date|req)|\bihr\s*(?:termin|datum)|\bvotre date|\bsu fecha|request|req\.?\s*(?:date|del|dlv)|need[- ]?by|wunsch|demandée|souhaitée|solicitad|requerid|deseada|richiest|gewenst/i],
  ['arrival', /\bcommit(?:ted|ment)?\s*(?:date|dt|dlv|del)\b|\bconf\.?\s*(?:dlv\.?\s*)?dat|\bprom\.?\s*(?:date|dt)\b|\b(?:del|dlv)\.?\s*date\b|liefer-?\s*dat|\bdt\.?\s*conf|\bf\.\s*conf|\bdeliv\.|\bour\s*date|\bunser\s*(?:termin|datum)|\bnotre date|\bnuestra fecha|deliver|liefertermin|lieferdatum|\btermin\b|\beta\b|arrival|livraison|confirmée|confirmad[ao]|bestätigt|confermat|bevestigd|confirm\w*\s*date|promis|\bdue\b|entrega|compromiso|consegna|leverdatum|leveringsdatum|^l\.?t\.?$|^l-?termin$|dostaw|(?<!ut)leveransdatum|(?<!ut)leveransdag|dodání|dodaci|dodací|teslim|leveringsdato/i],
  // "Disp. Date", "Disp Dt": the dispatch column as Indian and other ERPs abbreviate it.
  ['ship', /ship|despatch|dispatch|\bdisp\.?\s*(?:date|dt)\b|versand|expédition|envío|envio|despacho|spedizione|verzend|wysyłk|wysylk|expedice|expedic|utleverans|avsändning|sevk|afsendelse|forsendelse/i],
  ['amount', /\bext\b|ext\.|extended|amount|total|betrag|gesamt|\bwert\b|montant|importe|\bvalor\b|totale|importo|bedrag|line value|net value|warto(?:ść|sc)/i],
  ['unitPrice', /unit\s*(?:price|cost)|price|\brate\b|preis|einzelpr|stückpr|\bp\.?\s?u\.?\b|\bprix\b|precio|prezzo|prijs|\bpris\b|fiyat|\bcost\b|\bcena\b(?!\s*(?:jedn\.?\s*)?brutto)/i],
  ['ordered', /\bqty\b|quantity|qté|quantité|menge|cantidad|\bcant\.?|quantità|\bq\.?\s?tà(?!\w)|aantal|ilo(?:ść|sc)|\bantal\b|mængde|množství|miktar|ordered|bestellt|commandé|pedid[oa]|\bpcs\b|\bunits\b/i],
  ['uom', /^(?:uom|u\/m|unit|me|ud|unité|um|u\.m|eh|eenheid|j\.m)\.?$/i],
];

const roleOf = (header: string): Role | undefined => ROLES.find(([, re]) => re.test(header))?.[0];

interface Cell { text: string; start: number; end: number }

/** Cells by pipes or tabs, else by runs of two or more spaces (a fixed-width table). */
function cellsOf(line: string): Cell[] {
  const sep = line.includes('|') ? /\|/g : line.includes('\t') ? /\t+/g : /\s{2,}/g;
  const cells: Cell[] = [];
  let at = 0;
  for (const m of [...line.matchAll(sep), { index: line.length, 0: '' }]) {
    const raw = line.slice(at, m.index);
    const text = raw.trim();
    if (text) cells.push({ text, start: at + raw.indexOf(text), end: at + raw.indexOf(text) + text.length });
    at = m.index! + m[0].length;
  }
  return cells;
}

/** Money and dates do not count as header words. */
const HEADER_LIKE = (c: Cell) => !/\d/.test(c.text) || /^(?:pos|line|item)\.?\s*\d*$/i.test(c.text);

export interface TableLine {
  ordered?: number;
  shipped?: number;
  backordered?: number;
  unitPrice?: number;
  /** A price per pack, case or box rather than per unit, by the row's unit or the price header. */
  perPack: boolean;
  /** The row's price as written, for a reading that depends on the PO ("3,450 €"). */
  priceDigits?: string;
  /** The count the row's price is for, from a "per" column (100 for "36,50 EUR pro 100 ST"). */
  per?: number;
  requested?: string;
  arrival?: string;
  ship?: string;
  /** The row as written. */
  text: string;
}

export interface DocumentReading {
  /** Every row of every table, the order's line among them. */
  rows: TableLine[];
  /** Lines that belong to a table (its header and rows): not sentences to read words from. */
  tableLines: Set<string>;
  /** Labelled dates outside the tables. */
  labelled: { arrival?: string; ship?: string; requested?: string };
}

/** A count as ERP tables print it: 2.000, 2,000 and 2 000 are two thousand. */
function countOf(text: string): number | undefined {
  const m = /(\d{1,3}(?:[.,' \u00a0\u202f]\d{3})+|\d+)(?:[.,]0+)?(?!\d)/.exec(text);
  return m ? parseNumber(m[1]!.replace(/[.,' \u00a0\u202f]/g, '')) : undefined;
}

const PACK_WORD = /\b(?:box(?:es)?|case|cases|pack|packs|carton|cartons|ctn|cs|bx|karton|packung|ve|gebinde|colis|boîte|paquet|caja|cajas|caixa|caixas|paquete|scatola|confezione|doos|doos)\b|\/\s*\d{2,}|per\s+\d{2,}|pro\s+\d{2,}|%\s*(?:pcs|stk)/i;

/** A price column's header that names a hundred or a thousand: "Unit Price (per 1,000)", "Preis / 1.000", "prix par 100". */
const PER_COUNT_HEADER = /(?:\b(?:per|pro|je|par|por)\s*|(?:preis|price|prix|precio|prezzo|prijs)\s*\/\s*)(100|1[.,]?000)(?![\d.,]*\d)/i;

/** A price cell that names the count its price is for after the amount: "2,40 €/100", "EUR 36.50 per 1.000", "1,20/1000". */
const PER_COUNT_CELL = /\d\s*(?:€|\$|£|[A-Z]{3})?\s*(?:\/\s*|\b(?:per|pro|je|par|por)\s+)(100|1[.,]?000)(?![\d.,]*\d)/i;

/**
 * A date column's cell written as EDI (X12 and EDIFACT) and many ERP exports write dates, CCYYMMDD with no separators
 * ("20251120"): under a date header or after a date's label ("Sched Ship Date: 20251120") it is that day. Alone in running text eight digits are a number, not a date.
 */
function compactDate(text: string): string | undefined {
  const m = /^\s*((?:19|20)\d{2})(\d{2})(\d{2})\s*$/.exec(text);
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
}

function rowOf(cells: Cell[], roles: (Role | undefined)[], headerText: string, sense: DateSense, text: string): TableLine {
  const row: TableLine = { perPack: false, text };
  cells.forEach((cell, i) => {
    const role = roles[i];
    if (!role) return;
    if (role === 'ordered' || role === 'shipped' || role === 'backordered') {
      const n = countOf(cell.text);
      if (n !== undefined) row[role] = n;
    } else if (role === 'unitPrice') {
      const a = amountsIn(cell.text)[0];
      if (a) [row.unitPrice, row.priceDigits] = [a.value, a.digits];
      // "2,40 €/100", "36.50 per 1,000": the cell names the count its price is for, as a header may.
      const count = PER_COUNT_CELL.exec(cell.text);
      if (count) row.per = Number(count[1]!.replace(/[.,]/, ''));
      else if (PACK_WORD.test(cell.text)) row.perPack = true;
    } else if (role === 'per') {
      const n = countOf(cell.text);
      if (n !== undefined && n > 1) row.per = n;
    } else if (role === 'uom') {
      if (PACK_WORD.test(cell.text)) row.perPack = true;
    } else if (role === 'requested' || role === 'arrival' || role === 'ship') {
      const iso = datesIn(cell.text, sense).find((d) => d.iso)?.iso ?? compactDate(cell.text);
      if (iso) row[role] = iso;
    }
  });
  // "Preis %" is a price per hundred; "Rabatt %" or "MwSt %" is a column of its own, not the price's.
  const header = headerText.replace(/\b(?:rabatt|disc(?:ount)?|remise|descuento|dto|sconto|korting|mwst|ust|vat|tax|tva|iva|btw)\.?\s*%/gi, ' ');
  // "Unit Price (per 1,000)", "Preis / 100": the header names the count the column's prices are for.
  const count = PER_COUNT_HEADER.exec(header);
  if (count && row.per === undefined) row.per = Number(count[1]!.replace(/[.,]/, ''));
  else if (/preis\s*\/\s*\d|price\s*\/\s*\d|per\s+(?:100|1000|c|m)\b|%/i.test(header)) row.perPack = true;
  return row;
}

/**
 * A fixed-width row whose text runs from one column into the next with a single space between ("Rainwater head zinc
 * 12.90" under "Description" and "Unit Price"): split where a word starts under the next column's header, so each part
 * stands under its own column.
 */
function splitAtColumns(header: Cell[], cells: Cell[]): Cell[] {
  return cells.flatMap((c) => {
    const parts: Cell[] = [];
    let rest = c;
    for (const h of header) {
      if (h.start <= rest.start || h.start >= rest.end) continue;
      const at = [...rest.text.matchAll(/\s(?=\S)/g)].map((m) => rest.start + m.index + 1).find((p) => p >= h.start && p < h.end);
      if (at === undefined) continue;
      const head = rest.text.slice(0, at - rest.start).trimEnd();
      parts.push({ text: head, start: rest.start, end: rest.start + head.length });
      rest = { text: rest.text.slice(at - rest.start), start: at, end: rest.end };
    }
    return [...parts, rest];
  });
}

/** Assigns each cell of a row to the header column it stands under: by position when the counts differ. */
function rolesFor(header: Cell[], cells: Cell[]): (Role | undefined)[] {
  const headerRoles = header.map((h) => roleOf(h.text));
  if (cells.length === header.length) return headerRoles;
  return cells.map((c) => {
    let best = -1;
    let bestOverlap = 0;
    header.forEach((h, i) => {
      const overlap = Math.min(c.end, h.end) - Math.max(c.start, h.start);
      if (overlap > bestOverlap) [best, bestOverlap] = [i, overlap];
    });
    return best >= 0 ? headerRoles[best] : undefined;
  });
}

/** Labels of fields written "Label: value" outside a table, by what their date is. */
const LABEL_ROLES: [keyof DocumentReading['labelled'] | 'other', RegExp][] = [
  // A delivery note's or invoice's number and date say when the paper was written, not when the goods come.
  ['other', /order date|po date|\back(?:nowledge?ment)?\.? date|bestelldatum|belegdatum|lieferschein|delivery note|packing (?:slip|list)|bon de livraison|albar[áa]n|gu[íi]a de despacho|pakbon|datum|date de (?:commande|l'arc)|fecha (?:de )?(?:pedido|emisión|documento)|data ordine|invoice|rechnung|facture|factura/i],
  ['requested', /request|need[- ]?by|wunsch|date (?:demandée|souhaitée)|fecha (?:solicitada|requerida)/i],
  ['arrival', /deliver|arriv|\beta\b|liefer|zustell|bezorg|verwacht|livraison|entrega|llegada|consegna|levering|expected|voraussichtlich|confirm|promis|commit|bestätigt|zugesagt|confirmée|confirmada|comprometida|termin (?:realizacji|dostawy)|data dostawy/i],
  ['ship', /ship|despatch|dispatch|versand|expédition|envío|envio|despacho|embarque|spedizione|verzend|pick-?up|abholung|enlèvement|recogida|termin wysyłki|data wysyłki/i],
];

/** Reads the tables and labelled fields of a mail's own lines. */
export function readDocument(lines: string[], sense: DateSense): DocumentReading {
  const reading: DocumentReading = { rows: [], tableLines: new Set(), labelled: {} };
  for (let i = 0; i < lines.length; i++) {
    const header = cellsOf(lines[i]!);
    const known = header.filter((c) => HEADER_LIKE(c) && roleOf(c.text) !== undefined).length;
    if (header.length >= 3 && known >= 2 && header.some((c) => ['ordered', 'shipped', 'unitPrice'].includes(roleOf(c.text) ?? ''))) {
      reading.tableLines.add(lines[i]!.trim());
      for (let j = i + 1; j < lines.length; j++) {
        const line = lines[j]!;
        // HTML tables and some mail clients put blank lines between the rows of a tab or pipe table.
        if (!line.trim()) {
          const next = lines.slice(j + 1).find((l) => l.trim());
          if (next !== undefined && /[\t|]/.test(lines[i]!) && /[\t|]/.test(next)) continue;
          break;
        }
        if (/^\s*[-=_+|\s]+$/.test(line)) {
          reading.tableLines.add(line.trim());
          continue;
        }
        const spaced = !/[|\t]/.test(line) && !/[|\t]/.test(lines[i]!);
        const cells = spaced ? splitAtColumns(header, cellsOf(line)) : cellsOf(line);
        // A labelled field ("Ship date: …") ends the table, as does a line with no figure in it.
        if (cells.length < 2 || !cells.some((c) => /\d/.test(c.text)) || /^\s*[^:|\t\d]{2,40}:\s/.test(line)) break;
        reading.tableLines.add(line.trim());
        reading.rows.push(rowOf(cells, rolesFor(header, cells), lines[i]!, sense, line.trim()));
        i = j;
      }
      continue;
    }
    // Fields run on in one line are split at their ends: "Requested date 01.12.2025. Confirmed date: 28.11.2025."
    for (const segment of lines[i]!.split(/\s{3,}|\s+\|\s+|\s·\s|(?<=\d\.)\s+(?=\p{Lu})/u)) {
      // An EDI qualifier code after the label ("Est. Ship Date (068): …") is the field's code in the standard, not part of its name.
      const m = /^\s*([^:\d]{2,40}?)\s*(?:\(\d{2,4}\)\s*)?:\s*(.+)$/.exec(segment) ?? /^\s*([^:\d|]{2,40}?)\s{2,}(\d.+)$/.exec(lines[i]!);
      // A label written as a program's field name ("deliveryDate:", "ship_date:") is not a document's.
      if (!m || /[a-z][A-Z]|_/.test(m[1]!)) continue;
      const role = LABEL_ROLES.find(([, re]) => re.test(m[1]!))?.[0];
      const iso = role && (datesIn(m[2]!, sense).find((d) => d.iso)?.iso ?? compactDate(m[2]!));
      if (role && role !== 'other' && iso) reading.labelled[role] ??= iso;
    }
  }
  return reading;
}

/**
 * The order's own row: the one whose ordered quantity is the PO's, else the only row that is
 * not a charge; none when the table lists several lines it cannot tell apart.
 */
export function orderLine(doc: DocumentReading, quantity: number | undefined, isCharge: (row: string) => boolean): TableLine | undefined {
  const goods = doc.rows.filter((r) => !isCharge(r.text));
  const same = quantity === undefined ? [] : goods.filter((r) => r.ordered === quantity);
  if (same.length === 1) return same[0];
  return goods.length === 1 ? goods[0] : undefined;
}

/** A sentence that is a table's header or row, or part of one. */
export const inTable = (doc: DocumentReading, sentence: string): boolean => {
  const flat = sentence.replace(/\s+/g, ' ');
  return [...doc.tableLines].some((l) => l.replace(/\s+/g, ' ').includes(flat));
};

/** What the document is by its title: an order acknowledgement or a shipment notice confirms the order. */
const ORDER_DOCUMENT = /\b(?:order (?:acknowledge?ment|confirmation|acceptance)|acceptance of (?:your )?order|sales order ack\w*|acknowledge?ment of (?:your )?(?:purchase )?order|auftragsbestätigung|bestellbestätigung|accusé de réception de (?:votre )?commande|confirmation de (?:votre )?commande|confirmaci[óo]n de(?:l| su)? pedido|acuse de pedido|conferma (?:d'|dell')?ordine|orderbevestiging|opdrachtbevestiging|(?:your |the )?(?:order|shipment|package|parcel|goods|items) (?:has|have) (?:been )?(?:shipped|dispatched|despatched)|shipping confirmation|ship(?:ment|ping) (?:confirmation|notice|notification)|dispatch (?:note|notice|confirmation|advice)|despatch (?:note|advice|confirmation)|advance(?:d)? ship(?:ping|ment) notice|packing (?:list|slip)|delivery notification|delivery notice|lieferschein|lieferavis|sendungsavis|avisieren wir|versandbestätigung|versandavis|versandanzeige|versandmitteilung|avis d'expédition|bon de livraison|avis de livraison|notification d'expédition|aviso de (?:despacho|envío|expedición|embarque)|albar[áa]n|nota de entrega|gu[íi]a de despacho|pakbon|verzendbevestiging|avviso di spedizione|documento di trasporto|potwierdzenie zamówienia|potwierdzenie przyjęcia zamówienia)\b/i;
export const isOrderDocument = (sentences: string[]): boolean => sentences.some((s) => ORDER_DOCUMENT.test(s) && !onlyPointsToAttachment(s));

/** Words that hand a document on as an attachment, in the languages read. */
const ATTACHED = /(?<![\p{L}])(?:attached|attachment|enclosed|please find|anbei|beigefügt\w*|im anhang|in der anlage|als anlage|ci-jointe?s?|en pièce jointe|adjunt[oa]s?|adjuntamos|en (?:el )?adjunto|in allegato|allegat[oa]|alleghiamo|bijgaand|in de bijlage|bijgevoegd|em anexo|anexamos|segue anexo|w załączniku|załączam\w*|załączon\w*|bifogad\w*|bifogat|bifogar|v příloze|přikládám\w*|v přiloženém|ekte\w*|vedhæftet|vedlagt)(?![\p{L}])/iu;
/** An acknowledgement named without the word "order" before it: "anbei unsere Bestätigung", "attached our confirmation". */
const CONFIRMATION_NOUN = /(?<![\p{L}])(?:\w*bestätigung|confirmation|acknowledge?ment|conferma|bevestiging|confirmaci[óo]n|confirmação|potwierdzeni\w*|bekräftelse|orderbekräftelse|potvrzení|onay\w*|ordrebekræftelse|bekræftelse)(?![\p{L}])/iu;

/**
 * A sentence that only hands an acknowledgement on as an attachment ("Please find attached our order acknowledgement",
 * "anbei unsere Auftragsbestätigung", "ci-joint notre accusé de réception de commande"): what the document says is not in
 * the text, so the sentence confirms nothing; a person reads the attachment. Its own words of confirmation, a date or an
 * amount still count.
 */
export function onlyPointsToAttachment(s: string): boolean {
  if (!ATTACHED.test(s) || !(ORDER_DOCUMENT.test(s) || CONFIRMATION_NOUN.test(s))) return false;
  const rest = s.replace(new RegExp(ORDER_DOCUMENT.source, 'gi'), ' ').replace(new RegExp(CONFIRMATION_NOUN.source, 'giu'), ' ');
  return !CONFIRMED.test(rest) && datesIn(s).length === 0 && amountsIn(s).length === 0;
}

/** The units of the PO a row ships now, when it ships less than it orders; in the PO's units. */
export function shippedOfLine(line: TableLine, context: { quantity?: number }): number | undefined {
  const ordered = line.ordered ?? context.quantity;
  if (ordered === undefined) return undefined;
  const now = line.shipped ?? (line.backordered !== undefined && line.backordered > 0 ? ordered - line.backordered : undefined);
  if (now === undefined || now <= 0 || now >= ordered) return undefined;
  const factor = context.quantity !== undefined && context.quantity % ordered === 0 ? context.quantity / ordered : 1;
  return now * factor;
}

/** The row's price per ordered unit: a pack's price only through the PO's pack size; null when it cannot be converted. */
export function tablePrice(line: TableLine, context: { packSize?: number; unitPrice?: number }): number | null | undefined {
  if (line.unitPrice === undefined) return undefined;
  if (context.unitPrice !== undefined && line.per === undefined && !line.perPack) return readingNear(line.unitPrice, line.priceDigits, context.unitPrice);
  if (line.per !== undefined) return roundPrice(line.unitPrice / line.per);
  if (!line.perPack) return line.unitPrice;
  return context.packSize === undefined ? null : exactPerUnit(line.unitPrice, context.packSize);
}
