import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { slackHeaders } from '../../src/api/routes-slack.js';
import { sendToSlack, slackInteractions, standInSlack } from '../support/slack.js';
import { afterThisFile, eventually, startStack, type Stack } from '../support/stack.js';
import { story } from './story.js';

/**
 * A manager clicks Approve or Reject on an approval request in Slack. Slack's side is a stand-in:
 * a local HTTP server that takes what the service posts to an interaction's response_url, as Slack
 * does. The interactions are signed as Slack signs them.
 */

const signingSecret = randomBytes(20).toString('hex');
const DANA = 'U0DANA1';
const STRANGER = 'U0NOBODY';

describe('approving from Slack', () => {
  let stack: Stack;
  let slack: Awaited<ReturnType<typeof standInSlack>>;
  let interaction: ReturnType<typeof slackInteractions>;

  beforeAll(async () => {
    slack = await standInSlack();
    interaction = slackInteractions(slack.url);
    stack = await startStack({
      temporal: 'dev', cleanup: afterThisFile,
      security: {
        approvalLinks: { secret: randomBytes(32).toString('hex'), ttlSeconds: 3600, baseUrl: 'https://purchasing.example.com' },
        slack: { signingSecret, approvers: { [DANA]: 'dana' } },
      },
    });
  });

  /** The buttons' tokens, as the approval request sent to dana carries them. */
  async function buttonsFor(sku: string) {
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    const made = await stack.api('GET', `/purchase-orders/${request.poNumber}/approval-links`, undefined, { authorization: `Bearer ${stack.managerToken}` });
    expect(made.status).toBe(200);
    return { s, request, approve: made.body.approveToken as string, reject: made.body.rejectToken as string };
  }

  const send = (body: string, headers: Record<string, string>) => sendToSlack(stack.apiUrl, body, headers);
  const resultAt = (path: string) => eventually(async () => slack.posted.filter((p) => p.path === path), (ps) => ps.length > 0, 30_000, `a post to ${path}`);
  const stillWaiting = async (po: string) => ((await stack.api('GET', '/approvals')).body.items as { poNumber: string }[]).some((i) => i.poNumber === po);

  it('a signed click approves: Slack is answered at once, the result goes to the response_url, the decision records slack', async () => {
    const { s, request, approve } = await buttonsFor(stack.newSku());
    const click = interaction(DANA, 'approve', approve);
    const ack = await send(click.body, slackHeaders(signingSecret, click.body));
    expect(ack.status, ack.text).toBe(200);
    expect(ack.text).toBe('');
    expect(ack.ms).toBeLessThan(3_000);

    const [result] = await resultAt(click.path);
    expect(result!.body).toMatchObject({ replace_original: true });
    expect(result!.body.text).toContain(`${request.poNumber} approved by dana`);
    await s.phase('ordered');
    expect((await s.view()).replenishment.decision).toMatchObject({ kind: 'approved', by: 'dana', channel: 'slack', maxUnitPrice: request.unitPrice });
  });

  it('a bad signature and a stale timestamp are 401 and decide nothing; a retried delivery is dropped; a click after the decision is told so', async () => {
    const { s, request, approve, reject } = await buttonsFor(stack.newSku());
    const click = interaction(DANA, 'reject', reject);

    const forged = await send(click.body, slackHeaders('not-the-signing-secret', click.body));
    expect(forged.status).toBe(401);
    expect(forged.text).toContain('does not match');
    const stale = await send(click.body, slackHeaders(signingSecret, click.body, Date.now() - 6 * 60_000));
    expect(stale.status).toBe(401);
    expect(stale.text).toContain('5 minutes');
    const unsigned = await send(click.body, {});
    expect(unsigned.status).toBe(401);
    // Unsigned is refused as unsigned before the body is read, however large; signed and too large is a 413.
    const huge = `payload=${'x'.repeat(200_000)}`;
    const unsignedHuge = await send(huge, {});
    expect(unsignedHuge.status).toBe(401);
    expect(unsignedHuge.text).toContain('X-Slack-Signature is missing');
    expect((await send(huge, slackHeaders(signingSecret, huge))).status).toBe(413);
    expect(await stillWaiting(request.poNumber)).toBe(true);
    expect(slack.posted.some((p) => p.path === click.path)).toBe(false);

    // The real delivery, then Slack's retry of it (it thought the first was lost).
    expect((await send(click.body, slackHeaders(signingSecret, click.body))).status).toBe(200);
    const retry = await send(click.body, { ...slackHeaders(signingSecret, click.body), 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' });
    expect(retry.status).toBe(200);
    const [rejected] = await resultAt(click.path);
    expect(rejected!.body.text).toContain(`${request.poNumber} rejected by dana`);
    expect((await s.outcome()).outcome).toBe('rejected');

    // A later click on the other button: its answer is the positive sign everything sent before was handled.
    const late = interaction(DANA, 'approve', approve);
    expect((await send(late.body, slackHeaders(signingSecret, late.body))).status).toBe(200);
    const [told] = await resultAt(late.path);
    expect(told!.body.text).toMatch(/Nothing was decided: .*already used/);
    expect(slack.posted.filter((p) => p.path === click.path)).toHaveLength(1);
    expect((await s.view()).pastOutcomes.at(-1).outcome).toBe('rejected');
  });

  it('a Slack user who is not a manager decides nothing, and is told why', async () => {
    const { s, request, approve } = await buttonsFor(stack.newSku());
    const click = interaction(STRANGER, 'approve', approve);
    expect((await send(click.body, slackHeaders(signingSecret, click.body))).status).toBe(200);
    const [told] = await resultAt(click.path);
    expect(told!.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(told!.body.text).toContain(`${STRANGER} is not one of this service's managers`);
    expect(await stillWaiting(request.poNumber)).toBe(true);

    // The link itself was not spent: dana's click still approves.
    const dana = interaction(DANA, 'approve', approve);
    expect((await send(dana.body, slackHeaders(signingSecret, dana.body))).status).toBe(200);
    expect((await resultAt(dana.path))[0]!.body.text).toContain('approved by dana');
    await s.phase('ordered');
  });

  it('signed interactions that are not block_actions clicks are 400s', async () => {
    for (const body of [
      'payload=not-json', 'payload=%7B%7D', `payload=${encodeURIComponent(JSON.stringify({ type: 'view_submission' }))}`,
      `payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions', user: { id: DANA }, actions: [], response_url: 'http://x' }))}`,
      `payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions', user: { id: DANA }, actions: [{ action_id: 'a', value: 'v', action_ts: '1' }], response_url: 'file:///etc/passwd' }))}`,
      'payload=a&payload=b', 'other=1', '',
    ]) {
      const res = await send(body, slackHeaders(signingSecret, body));
      expect(res.status, body).toBe(400);
      expect(JSON.parse(res.text).error).toBeTruthy();
    }
  });
});
