import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: reset and invitation links, tokens, passwords. */
const SECRET_PARAM = /(^|_)(token|password|secret)$/i;

/** The URL with the value of every secret query parameter replaced, so links never reach a log line. */
export function redactUrl(url: string): string {
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
