import type { Deps } from '../../deps.js';
import type { EndpointForSend } from './dispatch.repo.js';
import { activeAdmins } from '../users/index.js';

/** Tells every active admin of the account that an endpoint was switched off, and why. */
export async function mailAdminsEndpointDisabled(
  deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'log'>,
  endpoint: Pick<EndpointForSend, 'id' | 'account_id' | 'url'>,
  reason: 'gone' | 'failing',
): Promise<void> {
  const admins = await activeAdmins(deps.db, endpoint.account_id);
  for (const admin of admins) {
    await deps.mailer
      .send({
        to: admin.email,
        template: 'webhook_disabled',
        language: admin.language,
        accountId: endpoint.account_id,
        vars: {
          name: admin.name,
          company: admin.company,
          url: endpoint.url,
          reason,
          link: `${deps.config.appUrl}/setting/webhooks`,
        },
      })
      // The endpoint is already off and shows why; a lost email must not undo that.
      .catch((err: unknown) =>
        deps.log.error({ err, endpointId: endpoint.id }, 'webhook disabled email not recorded'),
      );
  }
}
