/**
 * Outgoing Slack / Microsoft Teams webhooks, safe against server-side request forgery.
 *
 *   const hooks = createWebhookClient(config.webhooks);          // once, e.g. per app
 *   hooks.validate(url, 'slack')   → { ok: true, url } | { ok: false, reason }   (when saving; no DNS)
 *   await hooks.post(url, body, { channel: 'teams' }) → { ok, status, body, truncated }
 *
 * Saving: https only, standard port, no credentials, host on the channel's allow list
 * (DEFAULT_WEBHOOK_HOSTS, or WEBHOOK_ALLOWED_HOSTS_SLACK / WEBHOOK_ALLOWED_HOSTS_TEAMS, comma lists,
 * '*.domain' for names under a domain). Sending: the same check again, then every resolved address is
 * checked at connect time (the http agent's `lookup`), so loopback, private, link-local, CGNAT, multicast,
 * reserved and their IPv6 forms are never reached even after a DNS rebind; redirects are not followed
 * (a 3xx comes back with ok: false); 5 s to send and 5 s for the answer, not counting stalls of our own event loop;
 * the answer body is capped at 64 KiB; `idempotencyKey` goes out as the Idempotency-Key header.
 * post throws WebhookRefusedError (permanent: do not retry) or WebhookTransportError (retry later); a
 * non-2xx answer is returned, not thrown (retry 429/5xx, give up on other 4xx — the caller decides).
 * A generic webhook ('webhook': any public https host) is signed as Standard Webhooks says: `sign` adds
 * webhook-id / webhook-timestamp / webhook-signature computed over the exact body (signing.ts).
 * Tests with local receivers: createWebhookClient({ allowLoopbackForTests: true }) — see its doc.
 */
export { isForbiddenAddress } from './addresses.js';
export {
  DEFAULT_WEBHOOK_HOSTS,
  hostMatches,
  parseHostList,
  validateWebhookUrl,
  type WebhookAllowHosts,
  type WebhookChannel,
  type WebhookTarget,
  type WebhookUrlCheck,
} from './allow-list.js';
export { generateWebhookSecret, signWebhook, standardWebhookHeaders, WEBHOOK_SECRET_PREFIX } from './signing.js';
export {
  createWebhookClient,
  maskWebhookUrl,
  postWebhook,
  WebhookRefusedError,
  WebhookTransportError,
  type ResolvedAddress,
  type WebhookClient,
  type WebhookClientOptions,
  type WebhookPostOptions,
  type WebhookResolver,
  type WebhookResponse,
} from './client.js';
