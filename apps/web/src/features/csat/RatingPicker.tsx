import type { ComponentType } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import {
  IconMoodCry,
  IconMoodEmpty,
  IconMoodHappy,
  IconMoodSad,
  IconMoodSmile,
  type IconProps,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { CSAT_RATINGS, type CsatRating } from '@sapa/contracts';
import classes from './CsatSurveyPage.module.css';

/** A face and a colour per rating: the scale reads at a glance, and not by colour alone. */
export const RATING_LOOK: Record<CsatRating, { Icon: ComponentType<IconProps>; color: string }> = {
  1: { Icon: IconMoodCry, color: 'var(--mantine-color-red-6)' },
  2: { Icon: IconMoodSad, color: 'var(--mantine-color-orange-6)' },
  3: { Icon: IconMoodEmpty, color: 'var(--mantine-color-yellow-7)' },
  4: { Icon: IconMoodSmile, color: 'var(--mantine-color-lime-7)' },
  5: { Icon: IconMoodHappy, color: 'var(--mantine-color-sapa-7)' },
};

interface Props {
  value: CsatRating | null;
  onChange: (rating: CsatRating) => void;
  disabled?: boolean;
  t: TFunction<'csat'>;
}

/** Five faces from "very poor" to "excellent", a radio group for keyboards and screen readers. */
export function RatingPicker({ value, onChange, disabled = false, t }: Props) {
  return (
    <div className={classes.ratings} role="radiogroup" aria-label={t('page.question')}>
      {CSAT_RATINGS.map((rating) => {
        const { Icon, color } = RATING_LOOK[rating];
        const checked = value === rating;
        return (
          <UnstyledButton
            key={rating}
            role="radio"
            aria-checked={checked}
            aria-label={`${rating} · ${t(`rating.${rating}`)}`}
            data-testid={`csat-rating-${rating}`}
            data-checked={checked || undefined}
            disabled={disabled}
            className={classes.rating}
            style={{ ['--rating-color' as string]: color }}
            onClick={() => onChange(rating)}
          >
            <Icon size={34} stroke={1.6} className={classes.ratingIcon} />
            <Text component="span" fw={700} size="sm" className={classes.ratingNumber}>
              {rating}
            </Text>
            <Text component="span" size="xs" className={classes.ratingLabel}>
              {t(`rating.${rating}`)}
            </Text>
          </UnstyledButton>
        );
      })}
    </div>
  );
}
