import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: reset and invitation links, tokens, passwords. */
const SECRET_PARAM = /(^|_)(token|password|secret)$/i;

/** Paths whose last segment is a secret: a calendar feed's address (modules/calendar_feed). */
const SECRET_PATH = /(\/calendar_feed\/)[^/?#]+/;

/** The URL with the value of every secret query parameter (and a secret path segment) replaced, so links never reach a log line. */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(SECRET_PATH, '$1[redacted]');
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // A malformed escape is judged by its raw spelling.
    }
    return SECRET_PARAM.test(name) ? `${rawName}=[redacted]` : pair;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** Fastify's request log fields, with secrets in the query string redacted. */
export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
