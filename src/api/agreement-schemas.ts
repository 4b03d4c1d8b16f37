import { z } from 'zod';
import { AGREEMENT_APPROVALS, AGREEMENT_ID_PATTERN, AGREEMENT_STATUSES } from '../domain/agreement.js';
import { SKU_PATTERN, SKU_RULE } from '../domain/ids.js';

/** The blanket agreements' requests and answers (src/api/routes-agreements.ts). */

export const AgreementParam = z.object({ id: z.string().regex(AGREEMENT_ID_PATTERN, 'an agreement id looks like BA-<8 hex digits>') });

export const AgreementListQuery = z.object({
  status: z.enum(AGREEMENT_STATUSES, { error: `status is one of ${AGREEMENT_STATUSES.join(', ')}` }).optional(),
  sku: z.string().regex(SKU_PATTERN, SKU_RULE).optional().describe('only agreements with a line for this SKU'),
  supplier: z.string().min(1).max(100).optional(),
}).strict();

export const AgreementCancelBody = z.object({ reason: z.string().trim().min(1, 'say why the agreement is cancelled').max(500) }).strict();

const Line = z.object({
  sku: z.string(), unitPrice: z.number(), moq: z.number().int(), orderMultiple: z.number().int().nullable(),
  quantity: z.number().int().nullable().describe('units the agreement holds of this SKU; null when only the total value limits it'),
  drawnQuantity: z.number().int(), remainingQuantity: z.number().int().nullable(),
});

const Draw = z.object({
  poNumber: z.string(), replenishmentId: z.string(), sku: z.string(), quantity: z.number().int(), value: z.number(), drawnAt: z.string(),
});

export const AgreementView = z.object({
  agreementId: z.string(), supplier: z.string(), currency: z.string(), approval: z.enum(AGREEMENT_APPROVALS),
  status: z.enum(AGREEMENT_STATUSES).describe('scheduled (not yet valid), active, expired, used-up (nothing left to draw) or cancelled'),
  validFrom: z.string(), validUntil: z.string().describe('valid up to, not including, this instant'), leadTimeDays: z.number().int(),
  totalValue: z.number().nullable(), drawnValue: z.number(), remainingValue: z.number().nullable(),
  lines: z.array(Line), approvedBy: z.string(), approvedAt: z.string(),
  cancelledBy: z.string().nullable(), cancelledAt: z.string().nullable(), cancelReason: z.string().nullable(), note: z.string().nullable(),
});

export const AgreementDetail = AgreementView.extend({
  draws: z.array(Draw).describe('the POs that drew on it and still hold their draw (ordered, or on their way), newest first'),
});

export const AgreementList = z.object({ currency: z.string(), items: z.array(AgreementView) });

/** The draw a PO holds, as the PO's view names it. */
export const PoAgreementDraw = z.object({ agreementId: z.string(), quantity: z.number().int(), value: z.number(), drawnAt: z.string() });
