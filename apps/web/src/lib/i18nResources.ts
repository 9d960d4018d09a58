import { coreResources } from './i18n';
import { featureResources } from './i18nFeatures';

/** Every namespace in both languages, for comparing them (the app loads them in two parts). */
export const resources = {
  en: { ...coreResources.en, ...featureResources.en },
  id: { ...coreResources.id, ...featureResources.id },
} as const;
