import type { SandboxContext } from '../context.js';
import { noConsent, nonexistingField } from './errors.js';
import { avatarPicture } from './png.js';
import type { InstagramAccount, MetaCustomer, MetaMessage, Page } from './store.js';

type Node = Record<string, unknown>;

/**
 * Picks `fields` (comma-separated) from a node like Graph: `id` always comes, a field the node
 * does not have is an error naming it, a known field the app may not read is left out.
 */
function pick(
  all: Node,
  fields: string | undefined,
  defaults: string[],
  nodeType: string,
  withheld: string[] = [],
): Node {
  const wanted = fields
    ?.split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const out: Node = {};
  for (const f of wanted?.length ? wanted : defaults) {
    const name = f.replace(/\{.*$/, '');
    if (name in all) out[name] = all[name];
    else if (!withheld.includes(name)) throw nonexistingField(name, nodeType);
  }
  out.id = all.id;
  return out;
}

function avatarUrl(ctx: SandboxContext, owner: { avatarAssetId?: string }, seed: string): string {
  const { store, lookaside } = ctx.meta;
  let asset = owner.avatarAssetId ? store.getAsset(owner.avatarAssetId) : undefined;
  if (!asset) {
    asset = store.putAsset({ bytes: avatarPicture(seed), mimeType: 'image/png' });
    owner.avatarAssetId = asset.id;
  }
  return lookaside.url(asset.id, asset.mimeType);
}

export function pageNode(ctx: SandboxContext, page: Page, fields?: string): Node {
  const ig = page.instagramAccountId ? { id: page.instagramAccountId } : undefined;
  const all: Node = {
    id: page.pageId,
    name: page.name,
    category: page.category,
    link: `https://www.facebook.com/${page.pageId}`,
    picture: { data: { url: avatarUrl(ctx, page, page.pageId) } },
    fan_count: 0,
    ...(ig ? { instagram_business_account: ig, connected_instagram_account: ig } : {}),
  };
  // A Page without Instagram simply lacks the field, as on Meta.
  return pick(all, fields, ['name'], 'Page', [
    'instagram_business_account',
    'connected_instagram_account',
  ]);
}

export function instagramNode(ctx: SandboxContext, account: InstagramAccount, fields?: string) {
  const all: Node = {
    id: account.igId,
    ig_id: Number(account.igId.slice(-10)),
    username: account.username,
    name: account.name,
    profile_picture_url: avatarUrl(ctx, account, account.igId),
    followers_count: 1280,
    follows_count: 75,
    media_count: 42,
  };
  return pick(all, fields, [], 'IGUser');
}

/** The User Profile API: only for people who messaged the business (consent), else an error. */
export function profileNode(ctx: SandboxContext, customer: MetaCustomer, fields?: string): Node {
  if (!customer.wrote) throw noConsent(customer.platform);
  const pic = avatarUrl(ctx, customer, customer.userId);
  if (customer.platform === 'instagram') {
    const all: Node = {
      id: customer.userId,
      name: customer.name,
      username: customer.username ?? customer.name.toLowerCase().replace(/[^a-z0-9]+/g, '.'),
      profile_pic: pic,
      is_verified_user: false,
      follower_count: 214,
      is_user_follow_business: true,
      is_business_follow_user: false,
    };
    return pick(all, fields, ['name', 'username', 'profile_pic'], 'User');
  }
  const [first, ...rest] = customer.name.split(/\s+/);
  const all: Node = {
    id: customer.userId,
    first_name: first ?? customer.name,
    last_name: rest.join(' '),
    name: customer.name,
    profile_pic: pic,
    locale: 'id_ID',
    timezone: 7,
  };
  return pick(all, fields, ['first_name', 'last_name', 'profile_pic'], 'User', ['gender']);
}

const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

/** `GET /{message-id}`: how Sapa follows a story mention's link (`?fields=story`). */
export function messageNode(
  ctx: SandboxContext,
  customer: MetaCustomer,
  message: MetaMessage,
  fields?: string,
): Node {
  const { store, lookaside } = ctx.meta;
  const business = { id: customer.accountId };
  const person = {
    id: customer.userId,
    ...(customer.username ? { username: customer.username } : {}),
  };
  const storyAsset = message.story ? store.getAsset(message.story.assetId) : undefined;
  const link = storyAsset ? lookaside.url(storyAsset.id, storyAsset.mimeType) : undefined;
  const all: Node = {
    id: message.mid,
    created_time: graphTime(message.timestamp),
    from: message.from === 'customer' ? person : business,
    to: { data: [message.from === 'customer' ? business : person] },
    message: message.deleted ? '' : (message.text ?? ''),
    ...(message.story && link
      ? {
          story:
            message.story.kind === 'mention'
              ? { mention: { link, id: message.story.id ?? message.mid } }
              : { reply_to: { link, id: message.story.id } },
        }
      : {}),
  };
  return pick(all, fields, ['created_time'], 'Message', ['story', 'attachments']);
}
