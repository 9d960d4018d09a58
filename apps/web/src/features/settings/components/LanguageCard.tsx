import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  currentLanguage,
  isLanguage,
  LANGUAGES,
  setLanguage,
  type Language,
} from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { SectionCard } from '../../shared/SectionCard';
import { useUpdateMe } from '../api';

/**
 * Switches the interface at once and stores the choice on the account, so the emails the server
 * sends (invitations, resets) come in the same language.
 */
export function LanguageCard({ onSaved }: { onSaved: () => Promise<void> }) {
  const { t, i18n } = useTranslation('settings');
  const update = useUpdateMe();
  const value: Language = isLanguage(i18n.language) ? i18n.language : currentLanguage();

  const choose = async (next: string) => {
    if (!isLanguage(next) || next === value) return;
    await setLanguage(next);
    try {
      await update.mutateAsync({ language: next });
      notifySuccess(t('language.saved'));
      await onSaved();
    } catch (error) {
      notifyError(errorText(error));
    }
  };

  return (
    <SectionCard
      title={t('language.title')}
      description={t('language.description')}
      testId="language-card"
    >
      <SegmentedControl
        fullWidth
        value={value}
        onChange={(next) => void choose(next)}
        disabled={update.isPending}
        data-testid="profile-language"
        data={LANGUAGES.map((lng) => ({ value: lng, label: t(`languages.${lng}`) }))}
      />
    </SectionCard>
  );
}
