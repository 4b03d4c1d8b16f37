import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

export const FORM_TYPE = 'application/x-www-form-urlencoded';
/** A confirmation form or a chat interaction is small; Slack's payloads stay far below this. */
export const FORM_BODY_LIMIT = 64 * 1024;

/**
 * HTML forms and Slack's interactions post `application/x-www-form-urlencoded`. Registered on the
 * scope of the routes that take them only: every other route takes JSON alone. The raw bytes are
 * kept for signatures, as for JSON bodies; a key given twice is a 400, not a guess between its values.
 */
export function formBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(FORM_TYPE, { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT }, (req, body, done) => {
    req.rawBody = body as Buffer;
    const fields = new Map<string, string>();
    for (const [key, value] of new URLSearchParams((body as Buffer).toString('utf8'))) {
      if (fields.has(key)) return done(new HttpError(400, `body: ${key.slice(0, 50)} is given twice`), undefined);
      fields.set(key, value);
    }
    // Own properties only, `__proto__` included as a plain key: the route's schema refuses what it does not name.
    done(null, Object.fromEntries(fields));
  });
}
