import {
  DEMO_INSTAGRAM_ACCOUNT,
  DEMO_MESSENGER_PAGE,
  SPARE_INSTAGRAM_ACCOUNT,
  SPARE_MESSENGER_PAGE,
} from '../demo.js';
import type { MetaEngine } from './engine.js';
import type { MetaStore } from './store.js';

/** What Sapa's app subscribes a Page to when it connects one (Chatwoot's list, plus reactions). */
export const DEFAULT_PAGE_FIELDS = [
  'messages',
  'messaging_postbacks',
  'message_deliveries',
  'message_reads',
  'message_echoes',
  'message_reactions',
  'standby',
  'messaging_handovers',
];

export const DEMO_STORY_CAPTION = 'New arrivals this week ✨ Reply to ask about sizes';

/**
 * The demo Page and Instagram account come already subscribed, as Sapa's demo seed connects
 * them without calling Meta; the spare ones wait for an admin to connect them.
 */
export function seedMeta(store: MetaStore, engine: MetaEngine): void {
  store.addPage({
    pageId: DEMO_MESSENGER_PAGE.pageId,
    name: DEMO_MESSENGER_PAGE.name,
    accessToken: DEMO_MESSENGER_PAGE.accessToken,
    subscribedFields: DEFAULT_PAGE_FIELDS,
  });
  store.addPage({ ...SPARE_MESSENGER_PAGE });
  for (const [account, subscribed] of [
    [DEMO_INSTAGRAM_ACCOUNT, true],
    [SPARE_INSTAGRAM_ACCOUNT, false],
  ] as const) {
    store.addPage({
      pageId: account.pageId,
      name: account.pageName,
      accessToken: account.pageAccessToken,
      subscribedFields: subscribed ? DEFAULT_PAGE_FIELDS : undefined,
    });
    store.addInstagramAccount({
      igId: account.instagramAccountId,
      username: account.username,
      name: account.name,
      pageId: account.pageId,
    });
    engine.postStory(account.instagramAccountId, DEMO_STORY_CAPTION);
  }
}
