import type { DeliveryMessage } from '../../db/schema.js';
import type { DeliveryEvent } from './automations.delivery.repository.js';

/** What each channel is sent for one delivery: the same facts, in e-mail, Slack, Teams and CloudEvents shapes, with a link back. */

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Slack mrkdwn treats &, < and > as control characters. */
const escapeSlack = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderEmail(m: DeliveryMessage, link: string): RenderedEmail {
  const facts = m.facts.map((f) => `${f.title}: ${f.value}`).join('\n');
  const text = [m.text, facts, `${m.link_label}: ${link}`].filter((s) => s !== '').join('\n\n');
  const rows = m.facts.map((f) => `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(f.title)}</th><td>${escapeHtml(f.value)}</td></tr>`).join('');
  const html =
    `<p>${escapeHtml(m.text)}</p>` +
    (rows ? `<table>${rows}</table>` : '') +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(m.link_label)}</a></p>`;
  return { subject: `Verdant: ${m.title}`, text, html };
}

/** Slack incoming webhook: `text` is the notification fallback, `blocks` the message. */
export function renderSlack(m: DeliveryMessage, link: string) {
  return {
    text: `${m.title}: ${m.text}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: m.title.slice(0, 150), emoji: false } },
      { type: 'section', text: { type: 'mrkdwn', text: escapeSlack(m.text) } },
      ...(m.facts.length
        ? [{ type: 'section', fields: m.facts.slice(0, 10).map((f) => ({ type: 'mrkdwn', text: `*${escapeSlack(f.title)}*\n${escapeSlack(f.value).slice(0, 1900)}` })) }]
        : []),
      { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: m.link_label }, url: link }] },
    ],
  };
}

/** Microsoft Teams incoming webhook / Workflows: a message carrying one Adaptive Card. */
export function renderTeams(m: DeliveryMessage, link: string) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: m.title, weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'TextBlock', text: m.text, wrap: true },
            ...(m.facts.length ? [{ type: 'FactSet', facts: m.facts.map((f) => ({ title: f.title, value: f.value })) }] : []),
          ],
          actions: [{ type: 'Action.OpenUrl', title: m.link_label, url: link }],
        },
      },
    ],
  };
}

/** CloudEvents' structured JSON mode (its HTTP binding): the whole event is the body, with this media type. */
export const CLOUDEVENTS_JSON = 'application/cloudevents+json; charset=utf-8';

/**
 * A generic webhook's body: a CloudEvents 1.0 event. `id` is the delivery's webhook-id (the same on every attempt,
 * so a receiver keeps one copy), `time` when the event was raised, `type` 'com.verdant.<event type>', `source` the
 * automation that sent it; `data` carries the message as the other channels show it, with the link back.
 */
export function renderCloudEvent(m: DeliveryMessage, link: string, id: string, event: DeliveryEvent, publicUrl: string) {
  return {
    specversion: '1.0',
    id,
    source: `${publicUrl}/api/companies/${event.company_id}/automations/${event.notification_id}`,
    type: `com.verdant.${event.event_type}`,
    time: event.created_at.toISOString(),
    datacontenttype: 'application/json',
    data: {
      event_type: event.event_type,
      company_id: event.company_id,
      notification_id: event.notification_id,
      title: m.title,
      text: m.text,
      facts: m.facts,
      link,
      link_label: m.link_label,
    },
  };
}
