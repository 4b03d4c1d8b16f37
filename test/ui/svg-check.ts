/**
 * A strict enough XML well-formedness check for the SVG the API draws (no XML parser among the
 * dependencies): one root, balanced tags, quoted attributes, no duplicate attribute, only the
 * predefined or numeric entities. Returns the element names in document order.
 */
export function wellFormedXml(xml: string): string[] {
  const token = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  const entity = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  const stack: string[] = [];
  const names: string[] = [];
  let roots = 0;
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    const [, close, name, attrs, self, text, stray] = m;
    if (stray) throw new Error(`a stray < at ${m.index}: ${xml.slice(m.index, m.index + 40)}`);
    if (text !== undefined) {
      if (stack.length === 0 && text.trim()) throw new Error(`text outside the root at ${m.index}`);
      if (entity.test(text)) throw new Error(`an unescaped & at ${m.index}: ${text.slice(0, 40)}`);
      continue;
    }
    if (!name) continue;
    if (close) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}> at ${m.index}`);
      continue;
    }
    const seen = new Set<string>();
    for (const [, attr, value] of (attrs ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      if (seen.has(attr!)) throw new Error(`<${name}> repeats ${attr}`);
      seen.add(attr!);
      if (entity.test(value!)) throw new Error(`an unescaped & in ${attr} of <${name}>`);
    }
    if (stack.length === 0 && ++roots > 1) throw new Error('more than one root element');
    names.push(name);
    if (!self) stack.push(name);
  }
  if (stack.length) throw new Error(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) throw new Error('no root element');
  return names;
}
