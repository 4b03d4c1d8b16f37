import type { Notification } from '../domain/types.js';
import type { World } from '../domain/world.js';
import { formatMoney } from '../domain/money.js';
import { makeLinks, type LinkSigner } from '../api/approval-links.js';

/**
 * Approval requests carry signed single-use links for the manager they are sent to: in the
 * notification's `links`, as two lines at the end of its body (for a mail relay), and as Slack
 * buttons (`blocks`, which a Slack incoming webhook shows; a click comes back to
 * POST /slack/interactions with the link's token as the button's value). Each try of the
 * notification makes links of its own; any of them decides, once, while the terms stand.
 */
export function withApprovalLinks(world: World, signer: LinkSigner, currency: string): World {
  return {
    ...world,
    async notify(n: Notification) {
      if (!n.approval || !n.poNumber) return world.notify(n);
      const links = makeLinks(signer, { poNumber: n.poNumber, ...n.approval }, n.to);
      const price = formatMoney(n.approval.unitPrice, currency);
      const body = `${n.body}\n\nApprove up to ${price} a unit: ${links.approve}\nReject: ${links.reject}\n`
        + `(each link opens a page to confirm; they work once, until ${links.expiresAt})`;
      const blocks = [
        { type: 'section', text: { type: 'mrkdwn', text: `*${n.subject}*\n${n.body}` } },
        {
          type: 'actions',
          elements: [
            { type: 'button', action_id: 'approve', style: 'primary', text: { type: 'plain_text', text: `Approve up to ${price}` }, value: links.approveToken },
            { type: 'button', action_id: 'reject', style: 'danger', text: { type: 'plain_text', text: 'Reject' }, value: links.rejectToken },
          ],
        },
      ];
      return world.notify({ ...n, body, links: { approve: links.approve, reject: links.reject, expiresAt: links.expiresAt }, blocks });
    },
  };
}
