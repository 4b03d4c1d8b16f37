import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNATURE_TOLERANCE_SECONDS } from './signatures.js';
import { HttpError } from './errors.js';
import { FORM_TYPE, formBodies } from './form-bodies.js';
import { checkLink, decideByLink, decisionWords, type LinkDeps } from './link-decisions.js';
import { refused, text } from './responses.js';
import type { Api } from './schemas.js';

/** A Slack app's interactivity settings: its signing secret, and which Slack user is which manager. */
export interface SlackSettings {
  signingSecret: string;
  /** Slack user id (U…) → the manager's name, as the approver is recorded. */
  approvers: Record<string, string>;
}

export const SLACK_PATH = '/slack/interactions';
/** How long the post of a result to Slack's response_url may take. */
const RESPONSE_URL_TIMEOUT_MS = 10_000;

const SlackBody = z.object({ payload: z.string().min(1).max(60_000).describe('the interaction as JSON, as Slack sends it') }).strict();

/** The part of a `block_actions` interaction the decision needs; Slack sends much more, which is ignored. */
const BlockActions = z.object({
  type: z.literal('block_actions', { error: 'payload: only block_actions interactions are taken here' }),
  user: z.object({ id: z.string().min(1).max(100), username: z.string().max(200).optional() }),
  team: z.object({ id: z.string().max(100) }).nullish(),
  actions: z.array(z.object({
    action_id: z.string().min(1).max(255), value: z.string().min(1).max(2_000), action_ts: z.string().min(1).max(50),
  })).min(1, 'payload: actions: no action'),
  response_url: z.url({ protocol: /^https?$/, error: 'payload: response_url must be an http(s) URL' }),
});

/** Slack's request signature: `v0=<hex HMAC-SHA256 of "v0:<timestamp>:<raw body>">`, within 5 minutes of our clock. */
export function verifySlack(secret: string, timestamp: string | undefined, signature: string | undefined, body: Buffer | string, nowMs = Date.now()): string | null {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return 'X-Slack-Request-Timestamp must be the unix time in seconds';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
    return `X-Slack-Request-Timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS / 60} minutes away from the server's clock`;
  }
  const given = /^v0=([0-9a-f]{64})$/.exec(signature ?? '');
  if (!given) return 'X-Slack-Signature must be v0=<hex HMAC-SHA256 of "v0:<timestamp>:<body>">';
  const expected = createHmac('sha256', secret).update(`v0:${timestamp}:`).update(body).digest();
  return timingSafeEqual(Buffer.from(given[1]!, 'hex'), expected) ? null : 'X-Slack-Signature does not match the body';
}

/** Slack's headers, signed as Slack signs them: for tests and for a relay that forwards Slack's calls. */
export function slackHeaders(secret: string, body: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { 'x-slack-request-timestamp': timestamp, 'x-slack-signature': `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}` };
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

async function postResult(url: string, message: object, log: FastifyBaseLogger): Promise<void> {
  try {
    const res = await fetch(url, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message), signal: AbortSignal.timeout(RESPONSE_URL_TIMEOUT_MS),
    });
    if (!res.ok) log.warn({ status: res.status }, 'Slack did not take the result of an interaction');
  } catch (err) {
    log.warn({ err }, 'the result of a Slack interaction could not be posted to its response_url');
  }
}

/**
 * Slack's interactive messages: a manager's click on an approval request's button. The button's
 * value is an approval link's token (the notification's `links`), so the click decides exactly what
 * the link would, once; the approver is the Slack user's manager (SLACK_APPROVERS), who must be the
 * one the link was made for. Slack is answered at once (it gives up after 3 s); the decision is
 * made after, and its result posted to the interaction's response_url.
 */
export function slackRoutes(app: Api, deps: LinkDeps & { slack: SlackSettings | undefined }): void {
  app.register(async (scope) => {
    formBodies(scope);
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.post(SLACK_PATH, {
      config: { auth: 'none' },
      schema: {
        summary: 'Slack\'s interactive endpoint: a manager approves or rejects from an approval request\'s buttons (block_actions)',
        description: 'Signed by Slack (X-Slack-Signature, X-Slack-Request-Timestamp within 5 minutes). Answered at once with an empty 200; '
          + 'the decision follows and its result is posted to the payload\'s response_url. A delivery Slack retries (X-Slack-Retry-Num) of a click already taken is acknowledged and dropped.',
        tags: ['approval links'], body: SlackBody, consumes: [FORM_TYPE], security: [{ slackSignature: [] }],
        response: {
          200: text('text/plain', 'acknowledged (empty); the result goes to the response_url'),
          400: refused('a payload that is not a block_actions interaction'),
          401: refused('not signed by Slack with this app\'s signing secret, or a timestamp more than 5 minutes off'),
          404: refused('Slack is not enabled on this service (SLACK_SIGNING_SECRET)'),
          415: refused('a body that is not a form'),
        },
      },
      // Before the body is read: a request that is not signed, or comes where Slack is not set up, is
      // refused as such whatever its body (an oversized one included), and costs no read.
      onRequest: async (req) => {
        // An unsigned request is refused as unsigned whether or not Slack is set up here: nothing about it is Slack's.
        if (!header(req, 'x-slack-signature')) throw new HttpError(401, 'not signed by Slack: X-Slack-Signature is missing');
        if (!deps.slack) throw new HttpError(404, 'Slack is not enabled on this service (SLACK_SIGNING_SECRET)');
      },
      // Before the body is validated: a request whose signature fails learns nothing about what a valid body is.
      preValidation: async (req) => {
        const problem = verifySlack(deps.slack!.signingSecret, header(req, 'x-slack-request-timestamp'), header(req, 'x-slack-signature'), req.rawBody ?? Buffer.alloc(0));
        if (problem) throw new HttpError(401, problem);
      },
    }, async (req, reply) => {
      let raw: unknown;
      try {
        raw = JSON.parse(req.body.payload);
      } catch {
        throw new HttpError(400, 'payload: not JSON');
      }
      const parsed = BlockActions.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new HttpError(400, issue.message.startsWith('payload:') ? issue.message : `payload: ${issue.path.join('.')}: ${issue.message}`);
      }
      const p = parsed.data;
      const action = p.actions[0]!;
      const manager = deps.slack!.approvers[p.user.id];
      // One click is taken once: Slack retries a delivery it thinks was lost with the same payload.
      const taken = await deps.records.used.claim({
        key: `slack:${p.team?.id ?? ''}:${p.user.id}:${action.action_id}:${action.action_ts}`, poNumber: '', action: action.action_id,
        manager: manager ?? p.user.id, channel: 'slack', usedAt: new Date().toISOString(),
      });
      reply.code(200).type('text/plain; charset=utf-8').send('');
      if (!taken.claimed) {
        req.log.info({ retry: header(req, 'x-slack-retry-num') ?? null }, 'a Slack interaction delivered again was dropped');
        return reply;
      }
      const tell = (message: object) => postResult(p.response_url, message, req.log);
      if (!manager) {
        await tell({ response_type: 'ephemeral', replace_original: false, text: `Nothing was decided: Slack user ${p.user.id} is not one of this service's managers (SLACK_APPROVERS).` });
        return reply;
      }
      const check = await checkLink(deps, action.value);
      if (!check.ok) {
        await tell({ response_type: 'ephemeral', replace_original: false, text: `Nothing was decided: ${check.why}.` });
        return reply;
      }
      if (check.claims.manager !== manager) {
        await tell({ response_type: 'ephemeral', replace_original: false, text: `Nothing was decided: this request was sent to ${check.claims.manager}, and you are ${manager}.` });
        return reply;
      }
      try {
        const d = await decideByLink(deps, check.claims, 'slack', { by: manager });
        await tell({ replace_original: Boolean(d.result), text: `${d.result ? '' : 'Nothing was decided: '}${decisionWords(d, deps.currency)}` });
      } catch (err) {
        req.log.warn({ err }, 'a decision from Slack could not reach its agent');
        await tell({ response_type: 'ephemeral', replace_original: false, text: 'Nothing was decided: the service could not reach the agent; click again in a moment.' });
      }
      return reply;
    });
  });
}
