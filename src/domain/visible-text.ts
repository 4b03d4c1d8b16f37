/**
 * The text of an outside message as a person reading it would see it: hidden HTML, invisible
 * characters, lookalike letters and encoded blobs removed. Pure, so both the reader activity and
 * the state kept in workflows use it.
 */
/** The reader reads at most this much of the text a person would see; the rest is cut. */
export const MAX_TEXT = 20_000;
/**
 * Raw characters looked at to find that text. Hidden markup and invisible characters are dropped
 * before the cut, so they cannot push the visible words out of reach; this bounds the work.
 */
const MAX_RAW = 500_000;

// ---------------------------------------------------------------------------------------------
// What a person sees: invisible characters, hidden HTML and lookalike letters removed.

/**
 * Characters nobody sees: Unicode's default-ignorable set (zero-width spaces and joiners, bidi
 * controls, soft hyphens, variation selectors, Hangul fillers, the tag block U+E0000-E007F),
 * other format characters, private-use and lone surrogates, and controls other than tab and line breaks.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cs}]|[^\P{Cc}\t\n\r]/gu;

/** Cyrillic, Greek and other letters that look like Latin ones, dashes and curly quotes. */
const LOOKALIKES: Record<string, string> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', ԁ: 'd', һ: 'h', ԛ: 'q', ԝ: 'w',
  ӏ: 'l', ү: 'y', к: 'k', ɡ: 'g', ı: 'i', օ: 'o', ս: 'u',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', Ѕ: 'S', І: 'I',
  Ј: 'J', Ү: 'Y', Ԛ: 'Q', Ԝ: 'W', Ӏ: 'I',
  α: 'a', ο: 'o', ρ: 'p', ν: 'v', ι: 'i', κ: 'k', υ: 'u', χ: 'x', ε: 'e',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-', '\uFE58': '-', '\uFE63': '-',
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'g');

/** Void elements have no closing tag; block elements start a new line. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const BLOCK = new Set([
  'br', 'p', 'div', 'tr', 'li', 'ul', 'ol', 'table', 'tbody', 'thead', 'blockquote', 'hr', 'section', 'article', 'header',
  'footer', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'dd', 'center',
]);
/**
 * Elements whose content no reader of the email sees, and markup addressed to a machine rather
 * than a person (fake system, tool and function-call tags): their content is dropped.
 */
const NEVER_SHOWN = new Set([
  'head', 'script', 'style', 'template', 'noscript', 'title', 'iframe', 'object', 'svg', 'math', 'xml',
  'system', 'assistant', 'developer', 'tool', 'tools', 'tool_use', 'tool_call', 'tool_result', 'function', 'function_call',
  'function_calls', 'function_results', 'invoke', 'parameter', 'instruction', 'instructions', 'prompt', 'admin',
]);
/** Inline styles that hide text: not displayed, invisible, zero size, transparent, or off-screen. */
const HIDING_STYLE = new RegExp([
  'display\\s*:\\s*none', 'visibility\\s*:\\s*(?:hidden|collapse)', 'mso-hide\\s*:\\s*all', 'color\\s*:\\s*transparent',
  'font-size\\s*:\\s*0*(?:\\.0+)?(?:px|pt|em|rem|%)?\\s*(?:[;!}"\']|$)', 'opacity\\s*:\\s*0*(?:\\.0+)?\\s*(?:[;!}"\']|$)',
  'max-height\\s*:\\s*0(?:px)?\\s*(?:[;!}"\']|$)', 'clip\\s*:\\s*rect\\(\\s*0', 'text-indent\\s*:\\s*-\\d{3,}', '(?:left|top)\\s*:\\s*-\\d{3,}',
].join('|'), 'i');
const TAG = /<(\/?)([a-zA-Z][\w:.-]*)((?:[^<>"']|"[^"<>]*"|'[^'<>]*')*)>/y;

const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', euro: '€', pound: '£', dollar: '$', cent: '¢',
  ndash: '-', mdash: '-', hellip: '...', lsquo: "'", rsquo: "'", ldquo: '"', rdquo: '"', shy: '', zwj: '', zwnj: '',
  colon: ':', semi: ';', num: '#', lpar: '(', rpar: ')', sol: '/', period: '.', comma: ',',
};

function decodeEntities(s: string): string {
  return s.replace(/&(?:#[xX]([0-9a-fA-F]{1,6})|#(\d{1,7})|([a-zA-Z]{2,8}));?/g, (all, hex: string, dec: string, name: string) => {
    if (name) return ENTITIES[name.toLowerCase()] ?? all;
    const cp = hex ? parseInt(hex, 16) : Number(dec);
    return cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : '';
  });
}

const attributeRe = (name: string) => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');
const STYLE_ATTR = attributeRe('style');
const CLASS_ATTR = attributeRe('class');
const HIDDEN_ATTR = /(?:^|\s)hidden(?:\s|=|\/|$)/i;

function attribute(attrs: string, re: RegExp): string | undefined {
  const m = re.exec(attrs);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? '') : undefined;
}

/** Class names that a `<style>` block hides (`.note { display: none }`). */
function hidingClasses(html: string): Set<string> {
  const hidden = new Set<string>();
  const lower = html.toLowerCase();
  for (let at = lower.indexOf('<style'); at >= 0; at = lower.indexOf('<style', at + 1)) {
    const open = lower.indexOf('>', at);
    const close = open < 0 ? -1 : lower.indexOf('</style', open);
    if (close < 0) break;
    for (const [, selectors, body] of html.slice(open + 1, close).matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      if (!HIDING_STYLE.test(body!)) continue;
      for (const selector of selectors!.split(',')) {
        const last = selector.trim().split(/[\s>+~]+/).at(-1) ?? '';
        for (const [, cls] of last.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) hidden.add(cls!);
      }
    }
    at = close;
  }
  return hidden;
}

function hides(local: string, attrs: string, classes: Set<string>): boolean {
  if (NEVER_SHOWN.has(local)) return true;
  if (HIDDEN_ATTR.test(attrs)) return true;
  const style = attribute(attrs, STYLE_ATTR);
  if (style !== undefined && HIDING_STYLE.test(style)) return true;
  const cls = classes.size > 0 ? attribute(attrs, CLASS_ATTR) : undefined;
  return cls !== undefined && cls.split(/\s+/).some((c) => classes.has(c));
}

/**
 * The text a mail client shows: tags become line breaks or nothing, comments and hidden elements
 * vanish with their content, entities are decoded. Plain text passes through (entities decoded).
 * A single linear scan, so a hostile message cannot make it slow.
 */
export function htmlToText(src: string): string {
  const classes = hidingClasses(src);
  const out: string[] = [];
  const open: { name: string; hidden: boolean }[] = [];
  const openCount = new Map<string, number>();
  let hiddenDepth = 0;
  let i = 0;
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const end = lt < 0 ? src.length : lt;
    if (end > i && hiddenDepth === 0) out.push(decodeEntities(src.slice(i, end)));
    if (lt < 0) break;
    if (src.startsWith('<!--', lt)) {
      const close = src.indexOf('-->', lt + 4);
      i = close < 0 ? src.length : close + 3;
      continue;
    }
    if (src[lt + 1] === '!' || src[lt + 1] === '?') {
      const close = src.indexOf('>', lt);
      i = close < 0 ? src.length : close + 1;
      continue;
    }
    TAG.lastIndex = lt;
    const m = TAG.exec(src);
    if (!m) {
      if (hiddenDepth === 0) out.push('<');
      i = lt + 1;
      continue;
    }
    i = TAG.lastIndex;
    const [, slash, rawName, attrs = ''] = m;
    const name = rawName!.toLowerCase();
    const local = name.slice(name.lastIndexOf(':') + 1);
    if (BLOCK.has(local)) out.push('\n');
    else if (local === 'td' || local === 'th') out.push('\t');
    if (slash) {
      // A closing tag closes its element and any left open inside it; one that matches nothing is ignored.
      if (!openCount.get(name)) continue;
      for (let e = open.pop(); e; e = open.pop()) {
        openCount.set(e.name, openCount.get(e.name)! - 1);
        if (e.hidden) hiddenDepth -= 1;
        if (e.name === name) break;
      }
      continue;
    }
    if (VOID.has(local) || attrs.trimEnd().endsWith('/')) continue;
    const hidden = hides(local, attrs, classes);
    open.push({ name, hidden });
    openCount.set(name, (openCount.get(name) ?? 0) + 1);
    if (hidden) hiddenDepth += 1;
  }
  return out.join('');
}

/** Base64-looking runs (20+ characters mixing cases and digits): never decoded, never read. */
const ENCODED = /(?<![A-Za-z0-9+/])(?=[A-Za-z0-9+/]*[0-9+/])(?=[A-Za-z0-9+/]*[A-Z])(?=[A-Za-z0-9+/]*[a-z])[A-Za-z0-9+/]{20,}={0,2}/g;

/** What a person reading the message sees, as plain text with one space between words. */
export function visibleText(raw: string): string {
  return seen(raw)
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_TEXT);
}

/**
 * The same text with its layout kept: runs of spaces and tabs between words stay, and HTML table
 * cells are apart by a tab, so that the columns of a table can be told apart.
 */
export function visibleLayout(raw: string): string {
  return seen(raw)
    .replace(/[^\S\n\t ]/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\s+$/g, '')
    .slice(0, MAX_TEXT);
}

function seen(raw: string): string {
  return htmlToText(raw.slice(0, MAX_RAW).replace(INVISIBLE, ''))
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .replace(LOOKALIKE, (c) => LOOKALIKES[c] ?? c)
    .replace(ENCODED, ' ')
    .replace(/\r\n?/g, '\n');
}
