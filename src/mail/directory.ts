/**
 * Who each supplier is by email: the addresses it writes from (and is written to) and the domains
 * whose every address is its. Configured in SUPPLIER_EMAILS; a supplier without an entry neither
 * gets mail nor is believed when it sends some.
 */
export interface SupplierAddresses {
  /** Full addresses, lower case; the first is where the agent's mail to the supplier goes. */
  addresses: string[];
  /** Domains, lower case: any address at exactly this domain is the supplier's. */
  domains: string[];
}
export type SupplierDirectory = Record<string, SupplierAddresses>;

const ADDRESS = /^[^\s@<>(),;:"\\[\]]{1,64}@([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+)$/;
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** The domain of an address, lower case; null for what is not one address. */
export function domainOf(address: string): string | null {
  return ADDRESS.exec(address.trim().toLowerCase())?.[1] ?? null;
}

/**
 * `supplier:entry|entry,supplier:entry`: each entry an address (`orders@acme.example`) or a domain
 * (`acme.example` or `@acme.example`). Returns the directory, or why the text is not one.
 */
export function parseDirectory(raw: string): SupplierDirectory | string {
  const out: SupplierDirectory = {};
  const owner = new Map<string, string>();
  for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const at = part.indexOf(':');
    const supplier = at > 0 ? part.slice(0, at).trim() : '';
    if (!/^[\p{L}\p{N}][\p{L}\p{N}._@+-]{0,99}$/u.test(supplier)) return 'expected supplier:address|domain entries separated by commas, e.g. acme:orders@acme.example|acme.example';
    if (Object.hasOwn(out, supplier)) return `${supplier} is given twice`;
    const entry: SupplierAddresses = { addresses: [], domains: [] };
    for (const item of part.slice(at + 1).split('|').map((e) => e.trim().toLowerCase()).filter(Boolean)) {
      const bare = item.replace(/^@/, '');
      if (item.includes('@') && !item.startsWith('@')) {
        if (!domainOf(item)) return `${item.slice(0, 100)} (of ${supplier}) is not an email address`;
        entry.addresses.push(item);
      } else if (DOMAIN.test(bare)) entry.domains.push(bare);
      else return `${item.slice(0, 100)} (of ${supplier}) is neither an email address nor a domain`;
      // One sender, one supplier: otherwise a mail's sender would name two.
      const taken = owner.get(bare);
      if (taken !== undefined && taken !== supplier) return `${bare} is given for both ${taken} and ${supplier}`;
      owner.set(bare, supplier);
    }
    if (entry.addresses.length + entry.domains.length === 0) return `${supplier} has no address or domain`;
    out[supplier] = entry;
  }
  return Object.keys(out).length > 0 ? out : 'expected at least one supplier:address entry';
}

/** The supplier an address belongs to: its own address first, then its domain; null for a stranger. */
export function supplierOfAddress(directory: SupplierDirectory, address: string): string | null {
  const lower = address.trim().toLowerCase();
  const domain = domainOf(lower);
  if (!domain) return null;
  const entries = Object.entries(directory);
  return entries.find(([, e]) => e.addresses.includes(lower))?.[0]
    ?? entries.find(([, e]) => e.domains.includes(domain))?.[0]
    ?? null;
}

/** Where mail to the supplier goes; undefined when only its domain is known. */
export const mailboxOf = (directory: SupplierDirectory, supplier: string): string | undefined =>
  Object.hasOwn(directory, supplier) ? directory[supplier]!.addresses[0] : undefined;
