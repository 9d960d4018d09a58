import { useTranslation } from 'react-i18next';

/** Milliseconds up to a second, then seconds: a 15 s timeout reads better as "15.0 s". */
export function useLatency(): (ms: number) => string {
  const { t } = useTranslation('webhooks');
  return (ms: number) =>
    ms < 1000
      ? t('deliveries.ms', { value: ms })
      : t('deliveries.seconds', { value: (ms / 1000).toFixed(1) });
}
