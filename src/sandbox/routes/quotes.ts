import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Quote } from '../../domain/types.js';
import { notFound, parse } from '../http-errors.js';
import { QuoteRequest, SupplierSettingsBody } from '../schemas.js';
import type { CatalogueEntry, SandboxStore, SupplierSettings } from '../store.js';
import { iso, type SandboxContext } from './context.js';

const quoteValidityDays = 14;

const priceOf = (offer: CatalogueEntry & SupplierSettings) =>
  Math.round(offer.basePrice * offer.priceFactor * 100) / 100;

function currentPrice(store: SandboxStore, sku: string, supplier: string): number | null {
  const offer = store.offers(sku).find((o) => o.supplier === supplier);
  return offer ? priceOf(offer) : null;
}

export function quoteRoutes(app: FastifyInstance, { store, dayMs, faults }: SandboxContext): void {
  app.put<{ Params: { supplier: string } }>('/suppliers/:supplier', async (req) => {
    const patch = parse(SupplierSettingsBody, req.body, 'supplier settings');
    return store.setSupplier(req.params.supplier, patch);
  });

  app.post('/quotes', { preHandler: faults.guard('quotes') }, async (req) => {
    const { sku, quantity } = parse(QuoteRequest, req.body, 'quote request');
    const offers = store.offers(sku);
    if (offers.length === 0 && !store.stock(sku)) throw notFound(`unknown SKU ${sku}`);
    const now = Date.now();
    const quotes: Quote[] = offers.map((offer) => {
      const quote = {
        quoteId: `Q-${randomUUID()}`,
        supplier: offer.supplier,
        unitPrice: priceOf(offer),
        moq: offer.moq,
        leadTimeDays: offer.leadTimeDays,
        validUntil: iso(now + quoteValidityDays * dayMs),
      };
      store.addQuote({ ...quote, sku, quantity, createdAt: iso(now) });
      return quote;
    });
    return { quotes };
  });

  // Lets the agent see whether a price moved between quoting and ordering.
  app.get<{ Params: { quoteId: string } }>('/quotes/:quoteId', async (req) => {
    const quote = store.quote(req.params.quoteId);
    if (!quote) throw notFound(`unknown quote ${req.params.quoteId}`);
    return { ...quote, currentUnitPrice: currentPrice(store, quote.sku, quote.supplier) };
  });
}
