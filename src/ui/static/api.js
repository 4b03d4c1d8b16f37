// Talking to the API: requests with the manager's token, and errors in a manager's words.
import { $, h } from './format.js';
import { TOKEN_KEY, state } from './state.js';

export class ApiError extends Error {
  constructor(status, message, retryAfter) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

export const token = () => localStorage.getItem(TOKEN_KEY) || '';

export async function request(method, path, { body, headers = {}, accept = 'application/json' } = {}) {
  // Decisions record where they were made (src/api/channel.ts).
  const all = { accept, 'x-replenisher-client': 'page', ...headers };
  if (token()) all.authorization = `Bearer ${token()}`;
  if (body !== undefined) all['content-type'] = 'application/json';
  let res;
  try {
    res = await fetch(path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch {
    throw new ApiError(0, 'The service cannot be reached; the page keeps trying every few seconds.');
  }
  const text = await res.text();
  if (!res.ok) {
    let message = res.statusText || 'request failed';
    try {
      message = JSON.parse(text).error || message;
    } catch {
      // not JSON: keep the status text
    }
    throw new ApiError(res.status, message, res.headers.get('retry-after'));
  }
  if (accept !== 'application/json') return text;
  return text ? JSON.parse(text) : null;
}

/** An API error in a manager's words. */
export function explain(err, what) {
  if (!(err instanceof ApiError)) return `${what}: ${err && err.message ? err.message : String(err)}`;
  switch (err.status) {
    case 0: return err.message;
    case 401: return `${what} was refused (401 Unauthorized): ${err.message}. ${token() ? 'Check the manager token at the top of the page.' : 'Enter your manager token at the top of the page.'}`;
    case 403: return `${what} is not allowed (403 Forbidden): ${err.message}.`;
    case 404: return `${what}: not found (404): ${err.message}.`;
    case 409: return `${what} was not taken (409 Conflict): ${err.message}. Nothing changed.`;
    case 429: return `Too many requests (429); try again${err.retryAfter ? ` in ${err.retryAfter} s` : ' shortly'}.`;
    default: return `${what} failed (${err.status}): ${err.message}.`;
  }
}

export function banner(text, kind = 'error', source = 'action') {
  const el = $('banner');
  if (!text) {
    el.hidden = true;
    el.replaceChildren();
    delete el.dataset.source;
    return;
  }
  el.className = `banner banner-${kind}`;
  el.dataset.source = source;
  const close = h('button', { type: 'button', class: 'quiet', 'aria-label': 'Dismiss' }, '×');
  close.addEventListener('click', () => banner(''));
  el.replaceChildren(h('span', {}, text), close);
  el.hidden = false;
}

/** One key per PO and kind of decision, kept while the page lives: a retried click is the same request. */
export function idempotencyKey(po, kind) {
  const k = `${po}/${kind}`;
  if (!state.keys.has(k)) state.keys.set(k, `page-${kind}-${crypto.randomUUID()}`);
  return state.keys.get(k);
}
