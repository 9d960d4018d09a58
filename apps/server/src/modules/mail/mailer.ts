import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { renderMail, type Language, type MailTemplate } from './templates.js';

export interface OutgoingMail {
  to: string;
  template: MailTemplate;
  language: Language;
  accountId: string | null;
  vars: Record<string, string> & { link: string };
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Writes every mail to mail_outbox (an audit trail, and the dev mailbox), then delivers it over
 * SMTP when SMTP_URL is set. Without SMTP the link is logged so a developer can follow it.
 */
export class OutboxMailer implements Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const rendered = renderMail(mail.template, mail.language, mail.vars);
    const row = await this.db
      .insertInto('mail_outbox')
      .values({
        account_id: mail.accountId,
        to_address: mail.to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        template: mail.template,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.transport) {
      this.log.info(
        { to: mail.to, subject: rendered.subject, link: mail.vars.link },
        'mail (dev mailbox)',
      );
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
      });
      await this.db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date() })
        .where('id', '=', row.id)
        .execute();
    } catch (err) {
      // The action that sent the mail still succeeds; the failure is recorded for a resend.
      this.log.error({ err, to: mail.to }, 'mail delivery failed');
      await this.db
        .updateTable('mail_outbox')
        .set({ error: (err as Error).message })
        .where('id', '=', row.id)
        .execute();
    }
  }
}
