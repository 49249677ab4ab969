import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readServerEnv, type E2EServer } from './env';

export type Role = 'SuperAdmin' | 'Admin' | 'Regular';

export interface Session {
  access_token: string;
  refresh_token: string;
  user: { user_id: number; company_id: number; user_role: Role; first_name?: string; last_name?: string; email?: string };
}

export interface Account {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  session: Session;
}

/** A mail as the server writes it to DATA_DIR/outbox when SMTP_URL is unset. */
export interface OutboxMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  created_at: string;
  file: string;
}

/** An address nobody else in this run uses, so specs never depend on each other. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@e2e.test`;
}

async function json<T>(res: { ok(): boolean; status(): number; text(): Promise<string>; url(): string }): Promise<T> {
  const body = await res.text();
  if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}: ${body.slice(0, 500)}`);
  return JSON.parse(body) as T;
}

/** The API as a client would call it (multipart where the spec says so), for arranging test data. */
export class Api {
  constructor(
    readonly request: APIRequestContext,
    readonly server: E2EServer,
  ) {}

  /** POST /api/login (multipart email, password). */
  async signIn(email: string, password: string): Promise<Session> {
    const res = await this.request.post('/api/login', { multipart: { email, password } });
    const body = await json<{ status: string; data: Session }>(res);
    expect(body.status).toBe('success');
    return body.data;
  }

  /** The first-start SuperAdmin of the e2e company. */
  signInAdmin(): Promise<Session> {
    return this.signIn(this.server.admin.email, this.server.admin.password);
  }

  /** POST /api/create_invitation as `as` (JSON company_id, email, role): the invite token. */
  async createInvitation(as: Session, email: string, role: Role = 'Regular'): Promise<string> {
    const res = await this.request.post('/api/create_invitation', {
      headers: { authorization: `Bearer ${as.access_token}` },
      data: { company_id: as.user.company_id, email, role },
    });
    const body = await json<{ status: string; invite_token: string }>(res);
    expect(body.invite_token, 'create_invitation answers invite_token').toBeTruthy();
    return body.invite_token;
  }

  /** POST /api/Create_new_user (multipart) with an invitation token: the new user's session. */
  async signUp(fields: { invite_token: string; email: string; password: string; first_name: string; last_name: string }): Promise<Session> {
    const res = await this.request.post('/api/Create_new_user', { multipart: { ...fields } });
    const body = await json<{ status: string; data: Session }>(res);
    return body.data;
  }

  /** A fresh user of the e2e company with the given role, invited by the first-start SuperAdmin. */
  async newAccount(role: Role, prefix = role.toLowerCase()): Promise<Account> {
    const admin = await this.signInAdmin();
    const email = uniqueEmail(prefix);
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const invite_token = await this.createInvitation(admin, email, role);
    const first_name = 'Erin';
    const last_name = role === 'Regular' ? 'Grower' : 'Manager';
    const session = await this.signUp({ invite_token, email, password, first_name, last_name });
    return { email, password, first_name, last_name, session };
  }

  /** GET with the bearer token of `as`. */
  async get<T>(as: Session, url: string): Promise<T> {
    const res = await this.request.get(url, { headers: { authorization: `Bearer ${as.access_token}` } });
    return json<T>(res);
  }
}

/** Every mail in the outbox, newest first. */
export async function readOutbox(server: E2EServer): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await fs.readdir(server.outboxDir);
  } catch {
    return [];
  }
  const mails: OutboxMail[] = [];
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const file = path.join(server.outboxDir, name);
    try {
      mails.push({ ...(JSON.parse(await fs.readFile(file, 'utf8')) as Omit<OutboxMail, 'file'>), file });
    } catch {
      // A file being written right now: the next poll reads it.
    }
  }
  return mails.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.file.localeCompare(a.file));
}

/** The newest mail to `to` (optionally matching `subject`), waiting for it to arrive. */
export async function newestMail(
  server: E2EServer,
  to: string,
  opts: { subject?: RegExp; since?: Date; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  for (;;) {
    const mail = (await readOutbox(server)).find(
      (m) =>
        m.to.toLowerCase() === to.toLowerCase() &&
        (!opts.subject || opts.subject.test(m.subject)) &&
        (!opts.since || new Date(m.created_at) >= opts.since),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in ${server.outboxDir} within ${opts.timeoutMs ?? 10_000} ms.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a mail (text, else html) whose path starts with `pathname`. */
export function linkFrom(mail: OutboxMail, pathname: string): URL {
  const urls = `${mail.text}\n${mail.html ?? ''}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  for (const raw of urls) {
    const url = new URL(raw.replace(/&amp;/g, '&'));
    if (url.pathname === pathname) return url;
  }
  throw new Error(`No ${pathname} link in the mail "${mail.subject}" (${mail.file}).`);
}

/** Signs in through the /signIn form, as a person would. */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signIn');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.waitForURL(/\/dashboard(\/|$|\?)/);
}

export const test = base.extend<{ api: Api }, { server: E2EServer }>({
  // eslint-disable-next-line no-empty-pattern
  server: [async ({}, use) => use(readServerEnv()), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(server.baseURL),
  // Browser errors are kept and attached to a failing test: a blank page then says why.
  page: async ({ page }, use, testInfo) => {
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.stack ?? err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && problems.length) {
      await testInfo.attach('browser-errors.txt', { body: problems.join('\n'), contentType: 'text/plain' });
      console.error(`[e2e] browser errors in "${testInfo.title}":\n${problems.join('\n')}`);
    }
  },
  api: async ({ playwright, server }, use) => {
    const request = await playwright.request.newContext({ baseURL: server.baseURL });
    await use(new Api(request, server));
    await request.dispose();
  },
});

export { expect };

/** Waits until the page shows its heading and nothing says 'Loading...' any more. */
export async function waitForContent(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
}

/** The path the spec sends a role to after sign-in (spec-1 §2: Admin → /dashboard, others → quickview). */
export function homePathFor(role: Role): string {
  return role === 'Admin' ? '/dashboard' : '/dashboard/quickview';
}
