import en from '../../locales/en/csat.json';
import id from '../../locales/id/csat.json';
import { i18n } from '../../lib/i18n';

// The public survey page is opened by customers who never sign in: it brings its own strings
// (the signed-in layouts load the same namespace with the other feature screens).
i18n.addResourceBundle('en', 'csat', en, true, true);
i18n.addResourceBundle('id', 'csat', id, true, true);

export const CSAT_NS = 'csat';
