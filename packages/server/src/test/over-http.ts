import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What the proofs against real server processes share (test/scale-out, test/failover): calls over real HTTP,
 * polling, the mail outbox (DATA_DIR/outbox without SMTP_URL).
 */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

export async function call(base: string, method: string, url: string, opts: CallOptions = {}): Promise<Answer> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    body: opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // A proxy's own error page (HAProxy's 502/503) is HTML: the status says enough.
  }
  return { status: res.status, text, body, headers: res.headers };
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it answers true; fails with `what` after `ms`. */
export async function until(what: string, ms: number, check: () => Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(250);
  }
}

export interface OutboxMail { to: string; subject: string; text: string }

export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  // A mail being written has a hidden temporary name (lib/mailer.ts): only whole mails are read.
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json') && !f.startsWith('.'));
  return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as OutboxMail));
}

/** Signs in and finds the default scouting form's Problem and Severity fields (every company is made with it). */
export async function signInScout(base: string, email: string, password: string) {
  const login = await call(base, 'POST', '/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${login.text}`);
  const data = login.body.data as { access_token: string; user: { user_id: number; company_id: number } };
  const templates = await call(base, 'GET', `/get_form_templates?company_id=${data.user.company_id}`, { token: data.access_token });
  const list = templates.body.templates as Array<{ DefaultForType: string | null; fields: Array<{ FieldID: number; FieldName: string }> }>;
  const scouting = list.find((t) => t.DefaultForType === 'scouting')!;
  return {
    token: data.access_token,
    userId: data.user.user_id,
    companyId: data.user.company_id,
    problemField: scouting.fields.find((f) => f.FieldName === 'Problem')!.FieldID,
    severityField: scouting.fields.find((f) => f.FieldName === 'Severity')!.FieldID,
  };
}
