// Reads the server's development mailbox (SMTP_URL unset) the way a person reads their inbox.

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  createdAt: string;
}

const baseUrl = (): string => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

/** All mail sent to `to`, newest first. */
export async function listMail(to: string): Promise<MailboxMessage[]> {
  const url = new URL('/api/dev/mailbox', baseUrl());
  url.searchParams.set('to', to);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const body = (await response.json()) as { data: MailboxMessage[] };
  return body.data;
}

/**
 * Waits for the newest mail to `to` that contains a link with `pathPart` (mail may be sent by a
 * background job) and returns that link.
 */
export async function waitForMailLink(
  to: string,
  pathPart: string,
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let seen = 0;
  while (Date.now() < deadline) {
    const mail = await listMail(to);
    seen = mail.length;
    for (const message of mail) {
      const link = findLink(message, pathPart);
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`no mail to ${to} with a link to ${pathPart} (${seen} messages seen)`);
}

/** The first link in the mail (text part first, then HTML) whose URL contains `pathPart`. */
export function findLink(message: MailboxMessage, pathPart: string): string | undefined {
  for (const source of [message.text, decodeEntities(message.html)]) {
    for (const match of source.matchAll(/https?:\/\/[^\s"'<>)]+/g)) {
      if (match[0].includes(pathPart)) return match[0];
    }
  }
  return undefined;
}

function decodeEntities(html: string): string {
  return html
    .replace(/&amp;/g, '&')
    .replace(/&#x3D;|&#61;/g, '=')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
