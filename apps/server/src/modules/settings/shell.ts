import { meAllResponseSchema, MESSAGES, type MeAll } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import { unauthorized } from '../../http/errors.js';
import type { App } from '../../http/types.js';
import type { Principal } from '../auth/principal.js';
import { presentSubscription, toleranceDays } from '../billing/index.js';
import { presentUser } from '../users/presenter.js';
import { findUserView } from '../users/user-view.repo.js';
import type { ModuleContext } from '../registry.js';
import { loadAccountState, settingsOf } from './service.js';

/**
 * Everything the web guard loads after sign-in (§2 rule 3): user, account, settings,
 * subscription and balance. Five queries, run side by side.
 */
export async function loadShell(
  deps: Pick<Deps, 'db' | 'clock'>,
  principal: Principal,
): Promise<MeAll> {
  const [row, state] = await Promise.all([
    findUserView(deps.db, principal.accountId, principal.userId),
    loadAccountState(deps.db, principal.accountId),
  ]);
  if (!row) throw unauthorized(MESSAGES.sessionExpired, 'USER_GONE');
  return {
    user: presentUser(row),
    account: {
      _id: state.account.id,
      name: state.account.name,
      type: state.account.type,
      timezone: state.account.timezone,
    },
    settings: settingsOf(state),
    subscription: presentSubscription(
      state.subscription,
      deps.clock.now(),
      toleranceDays(state.stored.get('payment_tolerant_in_day')),
    ),
    balance: state.balance,
  };
}

export function shellRoutes(app: App, { deps }: ModuleContext): void {
  app.get(
    '/api/users/me/all',
    {
      // Unlike GET /users/me, this needs the TOTP step done: it carries account data.
      config: { apiOnlyAllowed: true, action: 'profile.read', allowPendingTwoFactor: false },
      schema: {
        tags: ['users'],
        response: { 200: meAllResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => loadShell(deps, principalOf(request)),
  );
}
