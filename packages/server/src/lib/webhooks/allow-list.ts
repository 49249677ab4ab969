import net from 'node:net';
import { isForbiddenAddress } from './addresses.js';

export type WebhookChannel = 'slack' | 'teams';
/** Where a webhook goes: Slack, Teams (each with its host list), or a generic receiver of the company's ('webhook', any public host). */
export type WebhookTarget = WebhookChannel | 'webhook';

/** Host patterns per channel: an exact host name, or '*.' + a domain for any name under it (not the domain itself). */
export type WebhookAllowHosts = Record<WebhookChannel, readonly string[]>;

/**
 * Where Slack and Microsoft Teams incoming webhooks live. Slack: hooks.slack.com. Teams: the classic
 * connector URLs (<tenant>.webhook.office.com/webhookb2/…, older outlook.office.com/webhook/…) and
 * Workflows / Power Automate triggers (prod-NN.<region>.logic.azure.com/workflows/…, and the newer
 * <env>.environment.api.powerplatform.com/powerautomate/…).
 */
export const DEFAULT_WEBHOOK_HOSTS: WebhookAllowHosts = {
  slack: ['hooks.slack.com'],
  teams: [
    '*.webhook.office.com',
    'outlook.office.com',
    'outlook.office365.com',
    '*.logic.azure.com',
    '*.environment.api.powerplatform.com',
  ],
};

/** 'a.example.com, *.b.example.com' → patterns (lower case, no trailing dot); '' or undefined → undefined. */
export function parseHostList(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/\.$/, ''))
    .filter((s) => s !== '');
}

/** Does a host name match one pattern ('hooks.slack.com' or '*.logic.azure.com')? */
export function hostMatches(host: string, pattern: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const p = pattern.toLowerCase().replace(/\.$/, '');
  if (p.startsWith('*.')) {
    const domain = p.slice(1); // '.logic.azure.com'
    return h.length > domain.length && h.endsWith(domain);
  }
  return h === p;
}

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** URL host without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/**
 * A webhook URL a company may save for a channel: https, no user name or password, the default port
 * (443), and a host on the channel's allow list (a generic 'webhook' has no list: any host, whose
 * addresses are still checked when connecting). An address literal passes only if someone put it on the list (and the
 * address check when sending still applies).
 * `allowLoopbackForTests`: also http/https to localhost, 127.0.0.1 or [::1] on any port (local
 * receivers in tests; see createWebhookClient). No DNS here — addresses are checked when connecting.
 */
export function validateWebhookUrl(
  raw: string,
  channel: WebhookTarget,
  allowHosts: WebhookAllowHosts = DEFAULT_WEBHOOK_HOSTS,
  opts: { allowLoopbackForTests?: boolean } = {},
): WebhookUrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'a webhook URL may not carry a user name or password' };
  const host = bareHost(url);
  if (opts.allowLoopbackForTests && LOOPBACK_NAMES.has(host) && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return { ok: true, url };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'a webhook URL must start with https://' };
  if (url.port !== '' && url.port !== '443') return { ok: false, reason: 'a webhook URL must use the standard https port' };
  if (channel === 'webhook') {
    // No host list for a company's own receiver: an address literal must at least be public (names are checked when connecting).
    return net.isIP(host) !== 0 && isForbiddenAddress(host) ? { ok: false, reason: `${host} is not a public address` } : { ok: true, url };
  }
  if (!allowHosts[channel].some((p) => hostMatches(host, p))) {
    return { ok: false, reason: `${host} is not a ${channelName(channel)} webhook host` };
  }
  return { ok: true, url };
}

function channelName(channel: WebhookChannel): string {
  return channel === 'slack' ? 'Slack' : 'Microsoft Teams';
}
