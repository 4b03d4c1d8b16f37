import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseSpoNumber, replenishmentIdOfPo } from '../domain/ids.js';
import { LINK_PATH, makeLinks, MAX_TOKEN_LENGTH, termsOf, TOKEN_PATTERN, TOKEN_RULE } from './approval-links.js';
import { confirmationPage, resultPage } from './approval-page.js';
import { HttpError } from './errors.js';
import { FORM_TYPE, formBodies } from './form-bodies.js';
import { checkLink, decideByLink, decisionWords, type LinkDeps } from './link-decisions.js';
import { Decided, ErrorBody, refused } from './responses.js';
import { approvalLimitOf, approverOf } from './security.js';
import { PoOrSpoParam, type Api } from './schemas.js';

const Token = z.string().max(MAX_TOKEN_LENGTH, `a link's token is at most ${MAX_TOKEN_LENGTH} characters`).regex(TOKEN_PATTERN, TOKEN_RULE)
  .describe('the token of an approval link, as the link carries it');
const LinkQuery = z.object({ token: Token }).strict();
const LinkBody = z.object({
  token: Token,
  reason: z.string().trim().max(500).optional().describe('with a reject link: why (optional)'),
  note: z.string().trim().max(500).optional().describe('with an approve link: a note for the record (optional)'),
}).strict();

const ApprovalLinksView = z.object({
  poNumber: z.string(), sku: z.string(), supplier: z.string(), quantity: z.number(), unitPrice: z.number(), total: z.number(),
  currency: z.string(), manager: z.string().describe('who the links decide as: the token\'s manager'),
  expiresAt: z.string(), approve: z.string().describe('opens the confirmation page of an approval up to the unit price asked'),
  reject: z.string().describe('opens the confirmation page of a rejection'),
  approveToken: z.string(), rejectToken: z.string().describe('the tokens alone, for a chat button\'s value'),
});

const HTML = 'text/html';
const page = (why: string) => ({ description: why, content: { [HTML]: { schema: z.string() } } });
const pageOrJson = (why: string, json: z.ZodType = ErrorBody) => ({ description: why, content: { [HTML]: { schema: z.string() }, 'application/json': { schema: json } } });

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type(`${HTML}; charset=utf-8`).header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(html);

/**
 * Approval links: made for a manager (with their token) from the approvals inbox, opened from an
 * email or a chat message. GET shows the terms and changes nothing, whoever opens it (a person, or
 * a mail scanner opening every link); only the page's POST decides, once.
 */
export function approvalLinkRoutes(app: Api, deps: LinkDeps): void {
  app.get('/purchase-orders/:po/approval-links', {
    config: { auth: 'manager' },
    schema: {
      summary: 'Signed single-use links to approve or reject a PO waiting for approval, made for the calling manager (for an email or a chat message)',
      description: 'For a consolidated PO (SPO-<supplier>-<k>) the links bind its SPO number, supplier, every unit of its lines and its dearest line\'s unit price.',
      tags: ['purchase orders'], params: PoOrSpoParam,
      response: {
        200: ApprovalLinksView.describe('the two links and their terms'),
        404: refused('approval links are not enabled on this service'),
        409: refused('the PO is not waiting for a manager\'s decision'),
      },
    },
  }, async (req) => {
    const { po } = req.params;
    if (!deps.signer) throw new HttpError(404, 'approval links are not enabled on this service (APPROVAL_LINK_SECRET)');
    const request = parseSpoNumber(po) ? await deps.records.waiting.supplierOrderOf(po) : await deps.records.waiting.of(replenishmentIdOfPo(po));
    if (!request || request.poNumber !== po) {
      throw new HttpError(409, `${po} is not waiting for a manager's decision${request ? ` (its replenishment now asks about ${request.poNumber})` : ''}`);
    }
    // The links decide as the caller, so within the limit their token proves (a JWT's approval_limit).
    const links = makeLinks(deps.signer, termsOf(po, request), approverOf(req), Date.now(), approvalLimitOf(req));
    return { poNumber: po, sku: request.sku, supplier: request.supplier, quantity: request.quantity, unitPrice: request.unitPrice, total: request.total, currency: deps.currency, ...links };
  });

  app.register(async (scope) => {
    formBodies(scope);
    const links = scope.withTypeProvider<ZodTypeProvider>();

    links.get(LINK_PATH, {
      config: { auth: 'none' },
      schema: {
        summary: 'The confirmation page of an approval link: the PO\'s terms and one button. Opening it decides nothing',
        tags: ['approval links'], querystring: LinkQuery,
        response: {
          200: page('the confirmation page'),
          400: pageOrJson('not a token of an approval link'), 403: page('the link\'s signature is not valid, or its approval is above its manager\'s limit'),
          404: page('approval links are not enabled on this service'),
          409: page('its manager has already approved the PO, which needs another manager\'s approval'),
          410: page('the link expired, was used, or its PO moved on'),
        },
      },
    }, async (req, reply) => {
      const { token } = req.query;
      const check = await checkLink(deps, token);
      if (!check.ok) return sendPage(reply, check.status, resultPage(check.status, check.claims, check.why));
      return sendPage(reply, 200, confirmationPage(token, check.claims, check.request, deps.currency));
    });

    links.post(LINK_PATH, {
      config: { auth: 'none' },
      schema: {
        summary: 'Decide by an approval link (the confirmation page\'s form, or JSON): approve up to the price asked, or reject, once',
        description: 'The same decision as POST /purchase-orders/{po}/decision by the link\'s manager, recorded with channel email-link. '
          + 'A form post is answered with a page, JSON with JSON.',
        tags: ['approval links'], body: LinkBody, consumes: ['application/json', FORM_TYPE],
        response: {
          202: pageOrJson('delivered to the agent', Decided), 200: pageOrJson('a repeat of a decision already delivered', Decided),
          400: pageOrJson('not a token of an approval link, or a bad body'), 403: pageOrJson('the link\'s signature is not valid, or the approval is above the manager\'s limit'),
          404: pageOrJson('approval links are not enabled on this service, or no agent works on the PO'),
          409: pageOrJson('the PO is not waiting for this decision'),
          410: pageOrJson('the link expired, was used, or its PO moved on'),
          415: refused('a body that is neither JSON nor a form'),
        },
      },
    }, async (req, reply) => {
      const asPage = (req.headers['content-type'] ?? '').startsWith(FORM_TYPE);
      const answer = (status: number, claims: Parameters<typeof resultPage>[1], words: string, json: object) => (asPage
        ? sendPage(reply, status, resultPage(status, claims, words))
        : reply.code(status as 202).header('cache-control', 'no-store').send(json));
      const check = await checkLink(deps, req.body.token);
      if (!check.ok) return answer(check.status, check.claims, check.why, { error: check.why });
      const { reason, note } = req.body;
      const d = await decideByLink(deps, check.claims, 'email-link', { ...(reason ? { reason } : {}), ...(note ? { note } : {}) });
      const words = decisionWords(d, deps.currency);
      return answer(d.status, d.claims, words, d.result
        ? { poNumber: d.claims.poNumber, ...d.result, by: d.by, channel: 'email-link' }
        : { error: words });
    });
  });
}
