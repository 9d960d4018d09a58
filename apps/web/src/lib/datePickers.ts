import dayjs from 'dayjs';
import en from 'dayjs/locale/en';
import id from 'dayjs/locale/id';
import { monthNames } from './datetime';
import type { Language } from './i18n';

/**
 * Mantine's date and time pickers speak dayjs. Their locales take the month names from the
 * same Intl data lib/datetime writes dates with, so a picked "17 Agu 2025" reads as the list
 * shows it (dayjs's own Indonesian says "Agt", its English "Sep" where Intl says "Sept").
 */
export const PICKER_LOCALES: Record<Language, string> = { en: 'sapa-en', id: 'sapa-id' };

/** How a picked date reads in a date input: "25 Nov 2026" / "25 Des 2026". */
export const PICKER_DATE_FORMAT = 'D MMM YYYY';
/** And a picked date and time: "25 Nov 2026, 14:30" (always 24-hour). */
export const PICKER_DATE_TIME_FORMAT = 'D MMM YYYY, HH:mm';

let registered = false;

export function registerPickerLocales(): void {
  if (registered) return;
  registered = true;
  const bases: Record<Language, ILocale> = { en, id };
  for (const lng of Object.keys(PICKER_LOCALES) as Language[]) {
    dayjs.locale(
      {
        ...bases[lng],
        name: PICKER_LOCALES[lng],
        months: monthNames(lng, 'long'),
        monthsShort: monthNames(lng, 'short'),
        weekStart: 1,
      },
      undefined,
      true,
    );
  }
}
