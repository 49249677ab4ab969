import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, spec "Signature scheme"): the secret is
 * 'whsec_' + base64 of the key; a message is signed as HMAC-SHA256(key, `${id}.${timestamp}.${body}`),
 * written 'v1,' + base64. Several signatures (a rotation's overlap) go in one header, space-separated.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new secret: 32 random bytes (the spec asks for 24 to 64). */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt, signed with every secret given (newest first). */
export function standardWebhookHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signWebhook(s, id, timestampSeconds, body)).join(' '),
  };
}
