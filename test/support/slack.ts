import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterThisFile } from './stack.js';

/**
 * Slack's side of an interaction, as a stand-in: a local HTTP server that takes what the service
 * posts to an interaction's response_url, as Slack does, and interactions built as Slack posts them.
 */

export interface Posted { path: string; body: { text: string; replace_original?: boolean; response_type?: string } }

/** What Slack's response_url endpoint was sent, in order. */
export async function standInSlack(): Promise<{ url: string; posted: Posted[]; server: Server }> {
  const posted: Posted[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString(); });
    req.on('end', () => {
      posted.push({ path: req.url ?? '', body: JSON.parse(raw) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  afterThisFile(() => new Promise<void>((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, posted, server };
}

/** Block_actions interactions as Slack posts them (form-encoded `payload=`), each with the path of `responseBase` its result goes back to. */
export function slackInteractions(responseBase: string) {
  let clicks = 0;
  return (user: string, actionId: string, value: string) => {
    clicks += 1;
    const path = `/actions/T0TEAM/${clicks}`;
    const payload = {
      type: 'block_actions', team: { id: 'T0TEAM' }, user: { id: user, username: user.toLowerCase() }, api_app_id: 'A0APP',
      container: { type: 'message', message_ts: '1700000000.000100' }, trigger_id: 'trig',
      actions: [{ type: 'button', action_id: actionId, block_id: 'b1', value, action_ts: `${Date.now() / 1000}${clicks}` }],
      response_url: `${responseBase}${path}`,
    };
    return { body: new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), path };
  };
}

/** An interaction posted to the service's Slack endpoint, and how long the answer took. */
export async function sendToSlack(apiUrl: string, body: string, headers: Record<string, string>) {
  const started = Date.now();
  const res = await fetch(`${apiUrl}/slack/interactions`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body,
  });
  return { status: res.status, text: await res.text(), ms: Date.now() - started };
}
