import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClockX, IconLinkOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useParams } from 'react-router';
import { CSAT_COMMENT_MAX, type CsatRating, type PublicCsat } from '@sapa/contracts';
import { i18n } from '../../lib/i18n';
import { HttpError } from '../../lib/http';
import { formatLongDate } from '../../lib/datetime';
import { useAnswerSurvey, usePublicSurvey } from './api';
import { CSAT_NS } from './csatI18n';
import { RATING_LOOK, RatingPicker } from './RatingPicker';
import classes from './CsatSurveyPage.module.css';

type Lang = 'en' | 'id';
type T = TFunction<'csat'>;

/** The visitor's browser says Indonesian: the page starts in it until the survey says otherwise. */
const browserLanguage = (): Lang =>
  typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('id')
    ? 'id'
    : 'en';

/**
 * `/csat/{token}`: the survey a customer opens from the link in their message, without signing
 * in. It starts in the survey's language (the one it was sent in) and can be switched; the
 * answer is one rating and an optional comment, once, within 14 days.
 */
export function CsatSurveyPage() {
  const { token = '' } = useParams();
  const survey = usePublicSurvey(token);
  const [chosen, setChosen] = useState<Lang | null>(null);
  const lang: Lang = chosen ?? survey.data?.language ?? browserLanguage();
  const t: T = useMemo(() => i18n.getFixedT(lang, CSAT_NS), [lang]);

  let body: ReactNode;
  if (survey.isPending) body = <LoadingState />;
  else if (survey.isError) {
    const status = survey.error instanceof HttpError ? survey.error.status : 0;
    body =
      status === 404 || status === 400 ? (
        <Outcome
          icon={<IconLinkOff size={30} />}
          color="gray"
          title={t('page.notFoundTitle')}
          text={t('page.notFoundText')}
          testId="csat-not-found"
        />
      ) : (
        <Stack gap="md" data-testid="csat-load-failed">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {t('page.loadFailed')}
          </Alert>
          <Button variant="light" onClick={() => void survey.refetch()}>
            {t('page.retry')}
          </Button>
        </Stack>
      );
  } else body = <SurveyBody survey={survey.data} token={token} t={t} lang={lang} />;

  return (
    <div className={classes.page} lang={lang}>
      <div className={classes.column}>
        <Group justify="space-between" align="center" className={classes.top}>
          <Text fw={700} c="sapa.8" size="lg" className={classes.brand}>
            Sapa
          </Text>
          <SegmentedControl
            size="xs"
            radius="xl"
            aria-label={t('page.language')}
            value={lang}
            onChange={(value) => setChosen(value as Lang)}
            data={[
              { value: 'en', label: 'English' },
              { value: 'id', label: 'Indonesia' },
            ]}
            data-testid="csat-language"
          />
        </Group>
        <main className={classes.card}>{body}</main>
        <Text size="xs" c="dimmed" ta="center" mt="md">
          {t('page.poweredBy')}
        </Text>
      </div>
    </div>
  );
}

function SurveyBody({
  survey,
  token,
  t,
  lang,
}: {
  survey: PublicCsat;
  token: string;
  t: T;
  lang: Lang;
}) {
  const business = survey.business;
  const header = (
    <Group gap="sm" wrap="nowrap" className={classes.business}>
      <Avatar color="sapa" radius="xl" size={44}>
        {business.trim().charAt(0).toUpperCase() || 'S'}
      </Avatar>
      <div>
        <Text fw={650} lh={1.25} data-testid="csat-business">
          {business}
        </Text>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
          {t('page.eyebrow')}
        </Text>
      </div>
    </Group>
  );
  if (survey.status === 'answered')
    return (
      <Stack gap="lg">
        {header}
        <Answered survey={survey} t={t} />
      </Stack>
    );
  if (survey.status === 'expired')
    return (
      <Stack gap="lg">
        {header}
        <Outcome
          icon={<IconClockX size={30} />}
          color="orange"
          title={t('page.expiredTitle')}
          text={t('page.expiredText', { business })}
          testId="csat-expired"
        />
      </Stack>
    );
  return (
    <Stack gap="lg">
      {header}
      <SurveyForm survey={survey} token={token} t={t} lang={lang} />
    </Stack>
  );
}

function SurveyForm({
  survey,
  token,
  t,
  lang,
}: {
  survey: PublicCsat;
  token: string;
  t: T;
  lang: Lang;
}) {
  const [rating, setRating] = useState<CsatRating | null>(null);
  const [comment, setComment] = useState('');
  const answer = useAnswerSurvey(token);
  const failure = answer.error instanceof HttpError ? answer.error : null;
  // 409 and 410 come back as the page's own states on the next read; anything else is shown.
  const submit = () => {
    if (!rating) return;
    const text = comment.trim();
    answer.mutate(text ? { rating, comment: text } : { rating });
  };
  return (
    <Stack gap="lg" component="form" onSubmit={(e) => (e.preventDefault(), submit())}>
      <div>
        <Title order={2} className={classes.question}>
          {t('page.question')}
        </Title>
        <Text size="sm" c="dimmed" mt={6}>
          {t('page.chooseHint')}
        </Text>
      </div>
      <RatingPicker value={rating} onChange={setRating} disabled={answer.isPending} t={t} />
      <Textarea
        label={
          <>
            {t('page.commentLabel')}{' '}
            <Text component="span" size="xs" c="dimmed">
              ({t('page.commentOptional')})
            </Text>
          </>
        }
        placeholder={t('page.commentPlaceholder')}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={CSAT_COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        description={`${comment.length} / ${CSAT_COMMENT_MAX}`}
        inputWrapperOrder={['label', 'input', 'description']}
        data-testid="csat-comment"
      />
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {failure.status === 409
            ? t('page.answeredTitle')
            : failure.status === 410
              ? t('page.expiredTitle')
              : t('page.loadFailed')}
        </Alert>
      )}
      <Button
        type="submit"
        size="md"
        fullWidth
        disabled={!rating}
        loading={answer.isPending}
        data-testid="csat-submit"
      >
        {t('page.submit')}
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        {t('page.closesOn', { date: formatLongDate(survey.expiresAt, { lng: lang }) })}{' '}
        {t('page.privacy', { business: survey.business })}
      </Text>
    </Stack>
  );
}

function Answered({ survey, t }: { survey: PublicCsat; t: T }) {
  const rating = (survey.rating ?? 5) as CsatRating;
  const { Icon, color } = RATING_LOOK[rating];
  return (
    <Stack gap="md" align="center" ta="center" py="sm" data-testid="csat-answered">
      <ThemeIcon size={60} radius="xl" color="sapa" variant="light">
        <IconCircleCheck size={34} />
      </ThemeIcon>
      <Title order={2} className={classes.question}>
        {t('page.thanksTitle')}
      </Title>
      <Text c="dimmed">{t('page.thanksText', { business: survey.business })}</Text>
      <Group gap={8} className={classes.given} style={{ ['--rating-color' as string]: color }}>
        <Icon size={26} stroke={1.6} />
        <Text fw={600} data-testid="csat-given">
          {t('page.yourRating', { rating, label: t(`rating.${rating}`) })}
        </Text>
      </Group>
      {survey.comment && (
        <Text className={classes.quote} data-testid="csat-given-comment">
          “{survey.comment}”
        </Text>
      )}
    </Stack>
  );
}

function Outcome(props: {
  icon: ReactNode;
  color: string;
  title: string;
  text: string;
  testId: string;
}) {
  return (
    <Stack gap="sm" align="center" ta="center" py="md" data-testid={props.testId}>
      <ThemeIcon size={60} radius="xl" color={props.color} variant="light">
        {props.icon}
      </ThemeIcon>
      <Title order={2} className={classes.question}>
        {props.title}
      </Title>
      <Text c="dimmed" maw={380}>
        {props.text}
      </Text>
    </Stack>
  );
}

function LoadingState() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Group gap="sm">
        <Skeleton height={44} circle />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={12} width="50%" />
          <Skeleton height={10} width="35%" />
        </Stack>
      </Group>
      <Skeleton height={28} width="85%" />
      <Group grow gap="xs">
        {[1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} height={92} radius="md" />
        ))}
      </Group>
      <Skeleton height={90} radius="md" />
      <Skeleton height={42} radius="md" />
    </Stack>
  );
}
