import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { PICKER_LOCALES, registerPickerLocales } from '../lib/datePickers';
import { isLanguage } from '../lib/i18n';

registerPickerLocales();

/** Date and time pickers in the UI language, weeks from Monday as in Indonesia. */
export function DatesLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <DatesProvider settings={{ locale: PICKER_LOCALES[lng], firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
}
