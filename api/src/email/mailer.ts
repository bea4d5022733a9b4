import { eq, sql } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import type { Database } from '../db/client.js';
import { outboxEmails } from '../db/schema.js';
import type { Logger } from '../logger.js';

export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Sent with the email through SMTP; the outbox keeps the text only. */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  /** Keeps the email in the outbox, then sends it when SMTP is configured. Resolves once it is kept. */
  send(email: Email): Promise<{ id: string; sent: boolean }>;
  close(): void;
}

/**
 * Email through SMTP (`TRAWL_SMTP_URL`) when configured. Every email is also written to the outbox table
 * first, so nothing is lost when SMTP fails, and the embedded default works with no mail server: admins
 * read the outbox, and the server log says what waits there.
 */
export function createMailer(options: {
  db: Database;
  logger: Logger;
  smtpUrl: string | null;
  from: string;
}): Mailer {
  const { db, logger } = options;
  const transport: Transporter | null = options.smtpUrl ? createTransport(options.smtpUrl) : null;
  return {
    async send(email) {
      const [row] = await db
        .insert(outboxEmails)
        .values({ to: email.to, subject: email.subject, text: email.text })
        .returning({ id: outboxEmails.id });
      const id = row!.id;
      if (!transport) {
        logger.info(
          `Email to ${email.to} kept in the outbox (no SMTP configured): ${email.subject}\n${email.text}`,
        );
        return { id, sent: false };
      }
      try {
        await transport.sendMail({ from: options.from, ...email });
        await db
          .update(outboxEmails)
          .set({ sentAt: sql`now()` })
          .where(eq(outboxEmails.id, id));
        return { id, sent: true };
      } catch (err: unknown) {
        const message = err instanceof Error ? err.message : String(err);
        logger.warn(`Sending email to ${email.to} failed; it stays in the outbox`, err);
        await db.update(outboxEmails).set({ error: message }).where(eq(outboxEmails.id, id));
        return { id, sent: false };
      }
    },
    close() {
      transport?.close();
    },
  };
}
