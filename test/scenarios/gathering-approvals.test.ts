import { randomBytes } from 'node:crypto';
import { Worker } from '@temporalio/worker';
import { describe, expect, inject, it } from 'vitest';
import { slackHeaders } from '../../src/api/routes-slack.js';
import { Rules } from '../../src/domain/rules.js';
import { keepHistories } from '../support/histories.js';
import { sendToSlack, slackInteractions, standInSlack } from '../support/slack.js';
import { eventually, type Stack } from '../support/stack.js';
import { askedAboutTwoLines } from './gathering-story.js';
import { story } from './story.js';

/**
 * A consolidated PO is approved as a run's own PO is: by two different managers above
 * TWO_APPROVALS_ABOVE, and from the signed links and Slack buttons its approval request carries.
 * Its two lines total 380.00 USD, the dearest at 2.00 a unit.
 */

type History = Awaited<ReturnType<ReturnType<Stack['client']['workflow']['getHandle']>['fetchHistory']>>;
const replays = (history: History, id: string) => Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, history, id);

const approvalLinks = () => ({ secret: randomBytes(32).toString('hex'), ttlSeconds: 3600, baseUrl: 'https://purchasing.example.com' });
const signingSecret = randomBytes(20).toString('hex');
const DANA = 'U0DANA1';
/** Who approval requests go to, and so whom their links decide as. */
const MANAGER = Rules.parse({}).manager;

interface InboxRow { poNumber: string; approvedBy?: string[]; approvalsNeeded?: number }
const inboxRow = async (stack: Stack, spo: string) => ((await stack.api('GET', '/approvals')).body.items as InboxRow[]).find((i) => i.poNumber === spo);

/** The links the approval request's notification carried, and the tokens they hold. */
function mailedLinks(body: string) {
  const approve = /Approve up to .*?: (\S+)/.exec(body)![1]!;
  const reject = /Reject: (\S+)/.exec(body)![1]!;
  const token = (url: string) => new URL(url).searchParams.get('token')!;
  return { approve, reject, approveToken: token(approve), rejectToken: token(reject) };
}

/** What a browser gets from opening a link, and from posting the confirmation page's form. */
const linkPages = (stack: Stack) => ({
  open: async (token: string) => {
    const res = await fetch(`${stack.apiUrl}/approval-link?token=${encodeURIComponent(token)}`, { headers: { accept: 'text/html' } });
    return { status: res.status, html: await res.text() };
  },
  confirm: async (token: string, fields: Record<string, string> = {}) => {
    const res = await fetch(`${stack.apiUrl}/approval-link`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token, ...fields }).toString(),
    });
    return { status: res.status, html: await res.text() };
  },
});

describe('approving a consolidated PO as a run\'s own PO is approved', () => {
  it('above TWO_APPROVALS_ABOVE it is placed once, only after a second manager approves: the first approval waits in the inbox, the same manager twice is a 409, and its link is then 410 with the reason', async () => {
    const { stack, desk, skus, spo, asked, deskView, decide } = await askedAboutTwoLines({ twoApprovalsAbove: 300, security: { approvalLinks: approvalLinks() } });
    const [request] = await asked(spo);
    expect(request!.body).toContain('Above 300.00 USD: two different managers must approve it.');
    const links = mailedLinks(request!.body);
    await eventually(() => inboxRow(stack, spo), (r) => r !== undefined, 30_000, `${spo} in the inbox`);
    expect(await inboxRow(stack, spo)).toMatchObject({ approvedBy: [], approvalsNeeded: 2 });

    const approve = { decision: 'approve', maxUnitPrice: 2 };
    expect((await decide({ ...approve, by: 'dana' })).status).toBe(202);
    await eventually(() => inboxRow(stack, spo), (r) => r?.approvedBy?.includes('dana') === true, 30_000, 'dana\'s approval in the inbox');
    expect((await deskView()).inFlight[spo]).toMatchObject({ decision: null, firstApprovals: [{ by: 'dana' }] });
    expect(stack.sandbox.store.ordersOfGroup(spo)).toEqual([]);
    for (const s of skus) expect((await story(stack, s).view()).replenishment.waiting?.tool).toBe('wait_for_supplier_order');

    const again = await decide({ ...approve, by: 'dana' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(`dana has already approved ${spo}; it needs 2 approvals by different managers, so another manager must approve it`);

    expect((await decide({ ...approve, by: 'lee' })).status).toBe(202);
    for (const s of skus) {
      expect((await story(stack, s).phase('ordered')).replenishment.decision).toMatchObject({ kind: 'approved', by: 'lee', channel: 'api', note: `ordered on ${spo}: also approved by dana` });
    }
    expect(stack.sandbox.store.ordersOfGroup(spo).map((o) => o.placeCalls)).toEqual([1, 1]);

    // The link mailed for it decides nothing once it is decided, and says why.
    await eventually(() => inboxRow(stack, spo), (r) => r === undefined, 30_000, `${spo} to leave the inbox`);
    const late = await linkPages(stack).confirm(links.approveToken);
    expect(late.status).toBe(410);
    expect(late.html).toContain(`${spo} has already been approved and ordered: this link can decide nothing`);
    expect((await linkPages(stack).open(links.rejectToken)).status).toBe(410);
    expect(stack.sandbox.store.ordersOfGroup(spo).map((o) => o.placeCalls)).toEqual([1, 1]);

    await replays(await desk.fetchHistory(), desk.workflowId);
    // A replay fixture of a desk whose consolidated PO needed two managers (RECORD_HISTORIES=1).
    await keepHistories(stack.client, 'gathering-two-approvals', [desk.workflowId]);
    await desk.terminate('test over');
  });

  it('the manager approves it from the link its request carried: the page shows its lines, the POST places it once, and the used link is 410', async () => {
    const { stack, desk, supplier, skus, spo, asked } = await askedAboutTwoLines({ security: { approvalLinks: approvalLinks() } });
    const links = mailedLinks((await asked(spo))[0]!.body);
    expect(links.approve.startsWith('https://purchasing.example.com/approval-link?token=')).toBe(true);
    await eventually(() => inboxRow(stack, spo), (r) => r !== undefined, 30_000, `${spo} in the inbox`);
    // A pair made from the inbox for another manager binds the same terms: every unit, up to the dearest line's price.
    const made = await stack.api('GET', `/purchase-orders/${spo}/approval-links`, undefined, { authorization: `Bearer ${stack.managerToken}` });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ poNumber: spo, supplier, quantity: 180, unitPrice: 2, total: 380, manager: 'dana' });

    const { open, confirm } = linkPages(stack);
    const page = await open(links.approveToken);
    expect(page.status, page.html).toBe(200);
    expect(page.html).toContain(`Approve ${spo}?`);
    for (const s of skus) expect(page.html).toContain(`<th scope="row">Line PO-${s}-1</th><td>90 × ${s} at 2.00 USD = 180.00 USD</td>`);
    expect(page.html).toContain('380.00 USD (goods 360.00 USD, freight 20.00 USD)');
    // Opening it decided nothing.
    expect(stack.sandbox.store.ordersOfGroup(spo)).toEqual([]);

    const approved = await confirm(links.approveToken, { note: 'from my phone' });
    expect(approved.status, approved.html).toBe(202);
    expect(approved.html).toContain(`Approved: ${spo}`);
    for (const s of skus) {
      expect((await story(stack, s).phase('ordered')).replenishment.decision).toMatchObject({ kind: 'approved', by: stack.rules.manager, channel: 'email-link', note: `ordered on ${spo}: from my phone` });
    }
    expect(stack.sandbox.store.ordersOfGroup(spo).map((o) => o.placeCalls)).toEqual([1, 1]);

    const used = await confirm(links.approveToken);
    expect(used.status).toBe(410);
    expect(used.html).toContain('this link was already used');
    expect((await confirm(links.rejectToken)).status).toBe(410);
    expect(stack.sandbox.store.ordersOfGroup(spo).map((o) => o.placeCalls)).toEqual([1, 1]);
    await replays(await desk.fetchHistory(), desk.workflowId);
    await desk.terminate('test over');
  });

  it('the manager approves it from Slack: the button decides it through the desk, the result goes to the response_url, and it is placed once', async () => {
    const slack = await standInSlack();
    const { stack, desk, skus, spo, asked } = await askedAboutTwoLines({
      security: { approvalLinks: approvalLinks(), slack: { signingSecret, approvers: { [DANA]: MANAGER } } },
    });
    const links = mailedLinks((await asked(spo))[0]!.body);
    await eventually(() => inboxRow(stack, spo), (r) => r !== undefined, 30_000, `${spo} in the inbox`);

    const click = slackInteractions(slack.url)(DANA, 'approve', links.approveToken);
    const ack = await sendToSlack(stack.apiUrl, click.body, slackHeaders(signingSecret, click.body));
    expect(ack.status, ack.text).toBe(200);
    const [result] = await eventually(async () => slack.posted.filter((p) => p.path === click.path), (ps) => ps.length > 0, 30_000, `a post to ${click.path}`);
    expect(result!.body).toMatchObject({ replace_original: true, text: `${spo} approved by ${MANAGER} up to 2 USD a unit; the supplier's desk has it.` });
    for (const s of skus) expect((await story(stack, s).phase('ordered')).replenishment.decision).toMatchObject({ kind: 'approved', by: MANAGER, channel: 'slack' });
    expect(stack.sandbox.store.ordersOfGroup(spo).map((o) => o.placeCalls)).toEqual([1, 1]);
    await replays(await desk.fetchHistory(), desk.workflowId);
    await desk.terminate('test over');
  });
});
