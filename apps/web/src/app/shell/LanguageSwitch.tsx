import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, LANGUAGES, setLanguage } from '../../lib/i18n';

/** EN / ID switch; the choice is remembered on this device. */
export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation('common');
  const value = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <SegmentedControl
      data-testid="lang-switch"
      aria-label={t('header.language')}
      size={size}
      radius="md"
      value={value}
      onChange={(next) => {
        if (isLanguage(next)) void setLanguage(next);
      }}
      data={LANGUAGES.map((lng) => ({
        value: lng,
        label: <span title={t(`language.${lng}`)}>{lng.toUpperCase()}</span>,
      }))}
    />
  );
}
