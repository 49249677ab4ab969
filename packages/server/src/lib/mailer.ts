import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { settleBeforeOutsideEffect } from '../db/write-receipts.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The same on every attempt of one notification delivery, so a mail system can drop a second copy. */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const FROM = 'Verdant <no-reply@verdant.local>';

/** A keyed request's held write commits before its mail goes (db/write-receipts.ts): a mail never tells of a write that rolled back. */
export function settlingFirst(mailer: Mailer): Mailer {
  return {
    async send(mail) {
      await settleBeforeOutsideEffect();
      await mailer.send(mail);
    },
  };
}

export function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: FROM, ...mail });
    },
  };
}

/**
 * Without SMTP, mails land in DATA_DIR/outbox as JSON so a newcomer can still follow a link. Each file
 * name ends in random characters: two mails with one subject in one millisecond (a burst, or two API
 * processes sharing the folder) must not overwrite each other. A mail is written under a hidden temporary
 * name and renamed into place, so a reader never sees half a mail — nor one left by a process killed mid-write.
 *
 * A mail with a Message-ID (a notification delivery's, the same on every attempt) is named by it and linked
 * into place only if no mail holds that name yet: the outbox drops a second copy as a receiving mail system
 * does. A process killed between sending a delivery and recording it sends it again once its claim lapses.
 */
export function outboxMailer(dir: string, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const slug = mail.subject.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 40);
      const name = mail.messageId
        ? `${slug}-${createHash('sha256').update(mail.messageId).digest('hex').slice(0, 24)}.json`
        : `${stamp}-${slug}-${randomBytes(4).toString('hex')}.json`;
      const file = path.join(dir, name);
      const partial = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.partial`);
      await fs.writeFile(partial, JSON.stringify({ from: FROM, ...mail, created_at: new Date().toISOString() }, null, 2), { flag: 'wx' });
      if (!mail.messageId) {
        await fs.rename(partial, file);
      } else {
        try {
          await fs.link(partial, file);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
          log.info({ to: mail.to, messageId: mail.messageId, file }, 'mail already in the outbox: second copy dropped');
          return;
        } finally {
          await fs.unlink(partial);
        }
      }
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox (no SMTP_URL)');
    },
  };
}
