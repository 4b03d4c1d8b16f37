import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { unitPriceAt } from '../../domain/purchase-plan.js';
import type { PriceBreak, Quote } from '../../domain/types.js';
import { notFound, parse } from '../http-errors.js';
import { CurrentQuoteQuery, QuoteRequest, SupplierSettingsBody } from '../schemas.js';
import type { CatalogueEntry, SandboxStore, SupplierSettings } from '../store.js';
import { iso, type SandboxContext } from './context.js';

const quoteValidityDays = 14;

const priceOf = (offer: CatalogueEntry & SupplierSettings) =>
  Math.round(offer.basePrice * offer.priceFactor * 100) / 100;

// Break prices are kept to a hundredth of a cent: 0.0275 a washer is a real price.
const breaksOf = (offer: CatalogueEntry & SupplierSettings): PriceBreak[] =>
  offer.priceBreaks.map((b) => ({ minQuantity: b.minQuantity, unitPrice: Math.round(b.unitPrice * offer.priceFactor * 10_000) / 10_000 }));

/** Today's price of a supplier's line: for an order of `quantity` when given, the break it reaches. */
function currentPrice(store: SandboxStore, sku: string, supplier: string, quantity?: number): number | null {
  const offer = store.offers(sku).find((o) => o.supplier === supplier);
  if (!offer) return null;
  return quantity === undefined ? priceOf(offer) : unitPriceAt({ unitPrice: priceOf(offer), priceBreaks: breaksOf(offer) }, quantity);
}

export function quoteRoutes(app: FastifyInstance, { store, dayMs, now: clock, faults }: SandboxContext): void {
  app.put<{ Params: { supplier: string } }>('/suppliers/:supplier', async (req) => {
    const patch = parse(SupplierSettingsBody, req.body, 'supplier settings');
    return store.setSupplier(req.params.supplier, patch);
  });

  app.post('/quotes', { preHandler: faults.guard('quotes') }, async (req) => {
    const { sku, quantity } = parse(QuoteRequest, req.body, 'quote request');
    const offers = store.offers(sku);
    if (offers.length === 0 && !store.stock(sku)) throw notFound(`unknown SKU ${sku}`);
    const now = clock();
    const quotes: Quote[] = offers.map((offer) => {
      const priceBreaks = breaksOf(offer);
      // Pack size, breaks and a unit other than the piece only when the supplier has them, so a plain quote reads as it always did.
      const quote: Quote = {
        quoteId: `Q-${randomUUID()}`,
        supplier: offer.supplier,
        unitPrice: priceOf(offer),
        moq: offer.moq,
        ...(offer.orderMultiple > 1 ? { orderMultiple: offer.orderMultiple } : {}),
        ...(offer.unit !== 'pcs' ? { unit: offer.unit } : {}),
        ...(priceBreaks.length ? { priceBreaks } : {}),
        leadTimeDays: offer.leadTimeDays,
        validUntil: iso(now + quoteValidityDays * dayMs),
        ...(Object.keys(offer.orderCosts).length ? { orderCosts: offer.orderCosts } : {}),
      };
      store.addQuote({ ...quote, orderMultiple: offer.orderMultiple, priceBreaks, sku, quantity, createdAt: iso(now) });
      return quote;
    });
    return { quotes };
  });

  // Lets the agent see whether a price moved between quoting and ordering; `?quantity=` prices an order of that size.
  app.get<{ Params: { quoteId: string } }>('/quotes/:quoteId', async (req) => {
    const { quantity } = parse(CurrentQuoteQuery, req.query, 'query');
    const quote = store.quote(req.params.quoteId);
    if (!quote) throw notFound(`unknown quote ${req.params.quoteId}`);
    return { ...quote, currentUnitPrice: currentPrice(store, quote.sku, quote.supplier, quantity) };
  });
}
