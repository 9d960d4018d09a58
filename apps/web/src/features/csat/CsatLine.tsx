import { Group, Text } from '@mantine/core';
import { IconMessageStar, IconStarFilled, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  maskSurveyLinks,
  type CsatMessagePayload,
  type CsatRating,
  type Message,
} from '@sapa/contracts';
import { formatTime } from '../../lib/datetime';
import { RATING_LOOK } from './RatingPicker';
import classes from './CsatLine.module.css';

type Shown = Extract<CsatMessagePayload, { kind: 'answer' | 'survey' | 'skipped' }>;

/** The survey's lines the conversation draws itself; its other messages are plain notes. */
export function isCsatCard(csat: CsatMessagePayload | null): csat is Shown {
  return csat?.kind === 'answer' || csat?.kind === 'survey' || csat?.kind === 'skipped';
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className={classes.stars} aria-hidden>
      {[1, 2, 3, 4, 5].map((n) =>
        n <= rating ? <IconStarFilled key={n} size={14} /> : <IconStar key={n} size={14} />,
      )}
    </span>
  );
}

/**
 * A satisfaction survey in the conversation: the answer as a card (rating, face, comment), the
 * survey as a note of what the customer was asked, a skipped survey as the reason, in the
 * agent's language.
 */
export function CsatLine({ message, csat }: { message: Message; csat: Shown }) {
  const { t } = useTranslation('csat');
  const time = formatTime(message.timestamp);
  if (csat.kind === 'skipped')
    return (
      <div className={classes.note} data-testid="csat-skipped" data-message-id={message._id}>
        <div>
          {t(`card.skipped.${csat.reason}`)}
          <span className={classes.time}>{time}</span>
        </div>
      </div>
    );
  if (csat.kind === 'survey')
    return (
      <div className={classes.line} data-testid="csat-survey" data-message-id={message._id}>
        <div className={classes.survey}>
          <Group gap={6} wrap="nowrap" className={classes.head}>
            <IconMessageStar size={15} />
            <span>{t('card.surveySent')}</span>
            <span className={classes.time}>{time}</span>
          </Group>
          <Text size="sm" className={classes.question}>
            {maskSurveyLinks(message.text)}
          </Text>
          <Text size="xs" c="dimmed">
            {csat.via === 'interactive' ? t('card.surveyChoices') : t('card.surveyLink')}
          </Text>
        </div>
      </div>
    );
  const rating = Math.min(5, Math.max(1, Math.round(csat.rating))) as CsatRating;
  const { Icon, color } = RATING_LOOK[rating];
  return (
    <div
      className={classes.line}
      data-testid="csat-answer"
      data-message-id={message._id}
      data-rating={rating}
      data-source={csat.source}
    >
      <div className={classes.answer} style={{ ['--rating-color' as string]: color }}>
        <Group gap={6} wrap="nowrap" className={classes.head}>
          <IconMessageStar size={15} />
          <span>{t('card.title')}</span>
          <span className={classes.time}>{time}</span>
        </Group>
        <Group gap={10} wrap="nowrap" align="center">
          <Icon size={34} stroke={1.6} className={classes.face} />
          <div>
            <Text fw={650} size="sm" data-testid="csat-answer-rating">
              {t('card.rated', { rating, label: t(`rating.${rating}`) })}
            </Text>
            <Stars rating={rating} />
          </div>
        </Group>
        {csat.comment ? (
          <Text size="sm" className={classes.comment} data-testid="csat-answer-comment">
            “{csat.comment}”
          </Text>
        ) : (
          <Text size="xs" c="dimmed" fs="italic">
            {t('card.noComment')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {csat.source === 'chat' ? t('card.viaChat') : t('card.viaPage')}
        </Text>
      </div>
    </div>
  );
}
