/**
 * The receiving side's verdict on who sent a mail (RFC 8601 `Authentication-Results`): which
 * domains SPF, DKIM or DMARC vouched for. The service checks no signature itself; it believes the
 * provider that received the mail, and only the provider.
 */
export interface AuthResult { method: string; result: string; props: Record<string, string> }

/** Comments in parentheses say nothing a verdict rests on; they may hold semicolons and `=`. */
const withoutComments = (s: string): string => {
  let out = '';
  let depth = 0;
  for (const c of s) {
    if (c === '(') depth += 1;
    else if (c === ')' && depth > 0) depth -= 1;
    else if (depth === 0) out += c;
  }
  return out;
};

/** The authserv-id and the results of one header's value; null when it is not one. */
export function parseAuthenticationResults(value: string): { authservId: string; results: AuthResult[] } | null {
  const [head = '', ...parts] = withoutComments(value.slice(0, 8_192)).split(';').map((p) => p.trim());
  const authservId = head.split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!authservId || authservId.includes('=')) return null;
  const results: AuthResult[] = [];
  for (const part of parts) {
    const [first = '', ...rest] = part.split(/\s+/).filter(Boolean);
    const m = /^([a-z0-9-]+)=([a-z]+)$/i.exec(first);
    if (!m) continue;
    const props: Record<string, string> = {};
    for (const p of rest) {
      const kv = /^([a-z]+\.[a-z0-9._-]+)=(.+)$/i.exec(p);
      if (kv) props[kv[1]!.toLowerCase()] = kv[2]!.replace(/^"|"$/g, '').toLowerCase();
    }
    results.push({ method: m[1]!.toLowerCase(), result: m[2]!.toLowerCase(), props });
  }
  return { authservId, results };
}

const domainPart = (v: string | undefined): string | undefined => (v ? v.slice(v.lastIndexOf('@') + 1) : undefined);

/** Same domain, or one inside the other (relaxed alignment, as DMARC's), never a bare top-level name. */
const aligned = (a: string, b: string): boolean =>
  b.includes('.') && a.includes('.') && (a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`));

export type SenderVerdict = { ok: true; by: string } | { ok: false; why: string };

/**
 * Whether the provider's results vouch for mail from `fromDomain`: a DKIM signature, an SPF
 * envelope sender or DMARC, passing, for that domain. A DMARC fail refuses whatever else passed.
 */
export function vouchesFor(results: AuthResult[], fromDomain: string): SenderVerdict {
  if (results.some((r) => r.method === 'dmarc' && r.result === 'fail')) return { ok: false, why: `DMARC fails for ${fromDomain}` };
  for (const r of results) {
    if (r.result !== 'pass') continue;
    const domain = r.method === 'dkim' ? (r.props['header.d'] ?? domainPart(r.props['header.i']))
      : r.method === 'spf' ? domainPart(r.props['smtp.mailfrom'])
        : r.method === 'dmarc' ? r.props['header.from'] : undefined;
    if (domain && aligned(fromDomain, domain)) return { ok: true, by: `${r.method}=pass (${domain})` };
  }
  const said = results.map((r) => `${r.method}=${r.result}`).join(', ');
  return { ok: false, why: said ? `no SPF, DKIM or DMARC pass for ${fromDomain} (${said})` : `no SPF, DKIM or DMARC result for ${fromDomain}` };
}
