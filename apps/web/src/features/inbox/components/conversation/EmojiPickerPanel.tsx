import EmojiPicker, { type EmojiDataInput, type PickerLabels } from 'emoji-picker-react';
import { useTranslation } from 'react-i18next';

/**
 * emoji-picker-react ships its emoji data inside the package (no CDN at run time, so it works on
 * closed networks and leaks nothing about agents to a third party) and draws native emoji. This
 * module is only imported when the picker first opens, so the data stays out of the main bundle.
 */

// There is no Indonesian dataset; Malay names are close enough to search by ("senyum", "hati").
const loadMalay: EmojiDataInput = () => import('emoji-picker-react/data/emojis-ms');

export function EmojiPickerPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const { t, i18n } = useTranslation('conversation');
  const labels: Partial<PickerLabels> = {
    searchPlaceholder: t('emoji.search'),
    searchLabel: t('emoji.search'),
    searchClear: t('emoji.clear'),
    searchResultsNone: t('emoji.none'),
    searchResultsOne: t('emoji.one'),
    searchResultsMany: t('emoji.many'),
    categoryNavigation: t('emoji.categories'),
    loading: t('emoji.loading'),
    loadingError: t('emoji.loadingError'),
    retryLoading: t('actions.retry'),
  };
  return (
    <EmojiPicker
      onEmojiClick={(data) => onPick(data.emoji)}
      width={340}
      height={380}
      colorScheme="light"
      lazyLoadEmojis
      skinTonesDisabled
      previewConfig={{ showPreview: false }}
      labels={labels}
      {...(i18n.language === 'id' ? { emojiData: loadMalay } : {})}
    />
  );
}
