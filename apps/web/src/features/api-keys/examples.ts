import { SCOPES, scopeResource, type Scope } from '@sapa/contracts';

/** Scopes grouped by resource, in catalogue order, for the key form's checkbox groups. */
export function scopeGroups(): { resource: string; scopes: Scope[] }[] {
  const groups = new Map<string, Scope[]>();
  for (const scope of SCOPES) {
    const resource = scopeResource(scope);
    groups.set(resource, [...(groups.get(resource) ?? []), scope]);
  }
  return [...groups].map(([resource, scopes]) => ({ resource, scopes }));
}

/** Days an expiry choice adds to today; null never expires. */
export const EXPIRY_CHOICES = ['never', '30', '90', '180', '365'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

export function expiryFrom(choice: ExpiryChoice, now: Date): string | null {
  if (choice === 'never') return null;
  return new Date(now.getTime() + Number(choice) * 86_400_000).toISOString();
}

/** Single-quoted for a POSIX shell: the key and URL are pasted as they are. */
const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** `curl` for sending a text to a chat, with the key (or its placeholder) and this origin. */
export function curlSendText(origin: string, key: string): string {
  return [
    `curl -X POST ${shellQuote(`${origin}/api/messages`)} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${key}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"chatId": "<chat id>", "text": "Your order has shipped", "generatedId": "order-1042"}'`,
  ].join('\n');
}

/** `curl` for sending an approved template to a chat. */
export function curlSendTemplate(origin: string, key: string): string {
  return [
    `curl -X POST ${shellQuote(`${origin}/api/messages/template`)} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${key}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"chatId": "<chat id>", "templateId": "<template id>", "params": ["Budi", "1042"]}'`,
  ].join('\n');
}

/** `curl` for listing chats, to find a chat id. */
export function curlListChats(origin: string, key: string): string {
  return [
    `curl ${shellQuote(`${origin}/api/chats/paginate?perpage=20`)} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${key}`)}`,
  ].join('\n');
}
