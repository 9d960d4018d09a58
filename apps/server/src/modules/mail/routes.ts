import { text } from '@sapa/contracts';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';

const mailboxQuery = z.object({ to: text().trim().toLowerCase().optional() });

/**
 * Development mailbox: with no SMTP_URL, mail is kept in the database and shown here so the
 * sign-up, reset and invitation links can be followed locally. Absent when SMTP is configured,
 * and never in production: it is public and shows every reset and invitation link. (Production
 * also refuses to start without SMTP_URL; this holds even if that check were bypassed.)
 */
export function devMailboxEnabled(config: Pick<Config, 'env' | 'smtpUrl'>): boolean {
  return config.env !== 'production' && !config.smtpUrl;
}

// The app refuses to be framed (frame-ancestors 'none'), so a link followed inside the preview
// frame would show an error: mail links open in the whole tab, as from a mail client.
const TOP_LINKS = '<base target="_top">';

export function mailRoutes(app: App, { deps }: ModuleContext): void {
  if (!devMailboxEnabled(deps.config)) return;

  const list = (to?: string) => {
    let q = deps.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'html', 'text', 'created_at'])
      .orderBy('id', 'desc')
      .limit(50);
    if (to) q = q.where('to_address', '=', to);
    return q.execute();
  };

  app.get(
    '/api/dev/mailbox',
    { config: { public: true }, schema: { hide: true, querystring: mailboxQuery } },
    async (request) => {
      const rows = await list(request.query.to);
      return {
        data: rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          html: r.html,
          text: r.text,
          createdAt: r.created_at.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/dev/mailbox',
    { config: { public: true }, schema: { hide: true } },
    async (_request, reply) => {
      const rows = await list();
      const esc = (s: string) =>
        s.replace(
          /[&<>"]/g,
          (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
        );
      const items = rows
        .map(
          (
            r,
          ) => `<details><summary><b>${esc(r.subject)}</b> → ${esc(r.to_address)} <small>${r.created_at.toISOString()}</small></summary>
<iframe srcdoc="${esc(TOP_LINKS + r.html)}" style="width:100%;height:420px;border:1px solid #ddd;border-radius:8px"></iframe></details>`,
        )
        .join('\n');
      return reply.type('text/html')
        .send(`<!doctype html><meta charset="utf-8"><title>Sapa dev mailbox</title><body style="font-family:sans-serif;max-width:900px;margin:24px auto;padding:0 12px">
<h1>Development mailbox</h1><p>Mail sent while SMTP_URL is unset. Newest first.</p>${items || '<p>No mail yet.</p>'}</body>`);
    },
  );
}
