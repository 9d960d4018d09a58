import type { AccountType, Role } from '@sapa/contracts';

/**
 * Who may do what, declared in one place. Routes name an action; the auth layer checks it
 * before the handler runs. `apiOnly: false` keeps an action from api-only accounts.
 */
interface Policy {
  roles: readonly Role[];
  apiOnly?: boolean;
}

const ALL: readonly Role[] = ['admin', 'supervisor', 'agent'];
const MANAGERS: readonly Role[] = ['admin', 'supervisor'];
const ADMIN: readonly Role[] = ['admin'];

export const POLICIES = {
  'profile.read': { roles: ALL },
  'profile.update': { roles: ALL },
  'account.rename': { roles: ADMIN },
  'users.list': { roles: ALL },
  'users.manage': { roles: ADMIN },
  'divisions.read': { roles: ALL },
  'divisions.manage': { roles: ADMIN },
  'settings.read': { roles: ALL },
  'settings.write': { roles: ADMIN },
  // API keys act as the whole account: only its admins create and revoke them.
  'apiKeys.manage': { roles: ADMIN },
  'billing.read': { roles: ALL },
  'subscription.start': { roles: ADMIN },
  // Orders spend the company's money: admins place and pay them; supervisors may follow them
  // (order history, live status), agents never see them.
  'orders.read': { roles: MANAGERS },
  'orders.create': { roles: ADMIN },
  // Invoices carry the company's figures and tax identity: the people who run the account (the
  // web's invoice page admits admins and supervisors) read them; admins keep the buyer details.
  'invoices.read': { roles: MANAGERS },
  'billingProfile.read': { roles: MANAGERS },
  'billingProfile.update': { roles: ADMIN },
  // Reports: everyone reads the figures they may see (agents their own; the service narrows);
  // usage and cost are the managers'; SLA targets are the admin's.
  'reports.read': { roles: ALL },
  'reports.usage': { roles: MANAGERS },
  'reports.targets': { roles: ADMIN },
  // The dashboard: managers see the floor they may see, agents their own queue.
  'dashboard.read': { roles: ALL },
  // The dashboard's setup checklist: connecting channels, inviting and paying are the admin's.
  'onboarding.read': { roles: ADMIN },
  // Spec §6: supervisors may not open /integration; agents see channel names for filters.
  'channels.read': { roles: ALL },
  'channels.manage': { roles: ADMIN },
  // Inbox actions: every role may act on a chat it can see; the chat's visibility (spec §6) is
  // checked by the service on the chat itself, so a hidden chat answers 404.
  'chats.read': { roles: ALL },
  'chats.assign': { roles: ALL },
  'chats.update': { roles: ALL },
  'chats.resolve': { roles: ALL },
  'chats.archive': { roles: ALL },
  'chats.block': { roles: ALL },
  'labels.read': { roles: ALL },
  'labels.manage': { roles: MANAGERS },
  // Tickets of the chats the caller may see (the chat's visibility is applied by the query).
  'tickets.read': { roles: ALL },
  'tickets.export': { roles: ALL },
  // Everyone uses quick replies in the composer; admins and supervisors maintain them.
  'quickReplies.read': { roles: ALL },
  'quickReplies.manage': { roles: MANAGERS },
  // Contacts are the account's customers, not chats, so every role reads them all. Agents add
  // and edit the customers they talk to (notes, attributes, labels); deleting, bulk import and
  // export, and defining attributes are managers' work (one bad import touches everyone).
  'contacts.read': { roles: ALL },
  'contacts.write': { roles: ALL },
  // Merging only groups contacts as one person (no chat changes hands or visibility): any agent
  // who may edit contacts may say two of them are the same customer, and undo it.
  'contacts.merge': { roles: ALL },
  'contacts.delete': { roles: MANAGERS },
  'contacts.import': { roles: MANAGERS },
  'contacts.export': { roles: MANAGERS },
  'contactAttributes.manage': { roles: MANAGERS },
  // Contact groups: everyone reads them (contact detail, filters); managers maintain them.
  'contactGroups.read': { roles: ALL },
  'contactGroups.manage': { roles: MANAGERS },
  // Everyone switches their own presence; managers see the whole account's (the service narrows
  // an agent's list to themselves).
  'presence.read': { roles: ALL },
  'presence.update': { roles: ALL },
  // The greeting of greeting assignment: managers read it, the admin sets it (like settings).
  'greeting.read': { roles: MANAGERS },
  'greeting.manage': { roles: ADMIN },
  // Templates: agents read them (a closed window or a broadcast needs an accepted one);
  // writing, publishing to Meta and deleting are managers' work.
  'templates.read': { roles: ALL },
  'templates.manage': { roles: MANAGERS },
  // Broadcasts (spec §2: agent routes): every role sends them; agents see and control only their
  // own (the service narrows), managers the whole account's.
  'broadcasts.read': { roles: ALL },
  'broadcasts.create': { roles: ALL },
  'broadcasts.control': { roles: ALL },
  // Outbound webhooks carry every conversation of the account to a URL of the admin's choosing.
  'webhooks.manage': { roles: ADMIN },
} as const satisfies Record<string, Policy>;

export type Action = keyof typeof POLICIES;

export function isAllowed(action: Action, who: { role: Role; accountType: AccountType }): boolean {
  const policy: Policy = POLICIES[action];
  if (!policy.roles.includes(who.role)) return false;
  if (who.accountType === 'api_only' && policy.apiOnly === false) return false;
  return true;
}
