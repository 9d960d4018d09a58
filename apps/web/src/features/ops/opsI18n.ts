import en from '../../locales/en/ops.json';
import id from '../../locales/id/ops.json';
import { i18n } from '../../lib/i18n';

// The console's strings travel in its own lazy chunk: tenants never download them.
i18n.addResourceBundle('en', 'ops', en, true, true);
i18n.addResourceBundle('id', 'ops', id, true, true);

export const OPS_NS = 'ops';
/** The platform's clock: operators read every date in Jakarta time. */
export const OPS_ZONE = 'Asia/Jakarta';
