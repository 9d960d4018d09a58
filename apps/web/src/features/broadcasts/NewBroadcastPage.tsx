import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Group, Progress, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { RecipientCheckResult, Template } from '@sapa/contracts';
import { IconArrowLeft, IconArrowRight, IconRefresh, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { notifySuccess } from '../../lib/notify';
import { uploadMedia } from '../inbox/api';
import { useChannelServices, useWhatsappServices } from '../integrations/api';
import { PageHeader } from '../shared/PageHeader';
import { checkRecipients, useAcceptedTemplates, useCreateBroadcast } from './api';
import { fromWallTime } from '../../lib/datetime';
import { broadcastError } from './reasons';
import { StepDetails } from './StepDetails';
import { StepRecipients } from './StepRecipients';
import { StepReview } from './StepReview';
import { TemplateBubble } from './TemplateBubble';
import {
  EMPTY_WIZARD,
  detailsErrors,
  headerMediaType,
  recipientsErrors,
  scheduleError,
  sourceOf,
  type WizardErrors,
  type WizardValues,
} from './wizard-model';
import classes from './broadcasts.module.css';

const STEP_KEYS = ['details', 'recipients', 'review'] as const;

/** An object URL for a chosen image, revoked when it changes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** /broadcast/new (spec §2): the three steps, with the WhatsApp preview beside them. */
export function NewBroadcastPage() {
  const { t } = useTranslation('broadcasts');
  const navigate = useNavigate();
  const { user } = useSession();
  const phone = useMediaQuery('(max-width: 767px)') ?? false;
  // A broadcast goes out only from an enabled, connected channel (the server refuses the rest).
  const channels = (useWhatsappServices().data ?? []).filter(
    (c) => c.isEnable && c.state === 'connected',
  );
  // Numbers linked by QR code are never offered (templates and bulk sends stay with the Cloud
  // API, to keep them from being banned); the wizard says so when the account has some.
  const linkedNumbers = useChannelServices('whatsapp_basic').data?.length ?? 0;
  const templates = useAcceptedTemplates().data ?? [];
  const create = useCreateBroadcast();
  const [values, setValues] = useState<WizardValues>(EMPTY_WIZARD);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [check, setCheck] = useState<RecipientCheckResult | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const template: Template | null = templates.find((x) => x._id === values.templateId) ?? null;
  const mediaUrl = useObjectUrl(values.mediaMode === 'upload' ? values.mediaFile : null);

  // One channel: nothing to choose.
  const onlyChannel = channels.length === 1 ? channels[0]?._id : undefined;
  useEffect(() => {
    if (onlyChannel && !values.channelId) setValues((v) => ({ ...v, channelId: onlyChannel }));
  }, [onlyChannel, values.channelId]);

  const set = (patch: Partial<WizardValues>) => {
    const nextValues = { ...values, ...patch };
    setValues(nextValues);
    // Once a step has shown its errors, they follow the fields as they are fixed.
    if (Object.keys(errors).length > 0) {
      const nextTemplate = templates.find((x) => x._id === nextValues.templateId) ?? null;
      if (step === 0) setErrors(detailsErrors(nextValues, nextTemplate));
      else if (step === 1) setErrors(recipientsErrors(nextValues, nextTemplate));
      else {
        const problem = scheduleError(nextValues, new Date());
        setErrors(problem ? { schedule: problem } : {});
      }
    }
    // A different template or data makes the last check stale: it must be run again.
    if ('templateId' in patch || 'channelId' in patch) setCheck(null);
    setFailure(null);
  };

  const next = () => {
    const found = detailsErrors(values, template);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(1);
  };

  const runCheck = async () => {
    const found = recipientsErrors(values, template);
    setErrors(found);
    const source = sourceOf(values);
    if (Object.keys(found).length > 0 || !template || !source) return;
    setChecking(true);
    setFailure(null);
    try {
      const result = await checkRecipients({
        templateId: template._id,
        title: values.title,
        draftId: check?.draftId ?? null,
        source,
      });
      setCheck(result);
      setStep(2);
    } catch (error) {
      setFailure(broadcastError(error));
    } finally {
      setChecking(false);
    }
  };

  const submit = async () => {
    if (!check || !template || !values.channelId) return;
    const problem = scheduleError(values, new Date());
    setErrors(problem ? { schedule: problem } : {});
    if (problem) return;
    setSubmitting(true);
    setFailure(null);
    try {
      let headerMedia = null;
      if (headerMediaType(template)) {
        headerMedia =
          values.mediaMode === 'upload' && values.mediaFile
            ? { mediaId: (await uploadMedia(values.mediaFile))._id }
            : { link: values.mediaLink.trim() };
      }
      const at = values.when === 'later' ? fromWallTime(values.scheduledAt) : null;
      const broadcast = await create.mutateAsync({
        title: values.title.trim(),
        channelId: values.channelId,
        templateId: template._id,
        draftId: check.draftId,
        headerMedia,
        scheduledAt: at ? at.toISOString() : null,
        selfAssign: values.selfAssign,
      });
      notifySuccess(t(at ? 'wizard.review.scheduled' : 'wizard.review.created'));
      void navigate(`/broadcast/result/${broadcast._id}`);
    } catch (error) {
      setFailure(broadcastError(error));
    } finally {
      setSubmitting(false);
    }
  };

  const preview = template && (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('wizard.review.preview')}
      </Text>
      <TemplateBubble
        template={template}
        params={check?.first?.params ?? template.examples.body}
        header={check?.first?.header ?? template.examples.header}
        mediaUrl={
          mediaUrl ??
          (values.mediaMode === 'link' && /^https:\/\//.test(values.mediaLink)
            ? values.mediaLink
            : null)
        }
        mediaName={values.mediaFile?.name ?? null}
      />
      {check?.first && (
        <Text size="xs" c="dimmed">
          {t('wizard.review.previewFor', { phone: `+${check.first.phone}` })}
        </Text>
      )}
    </Stack>
  );

  return (
    <>
      <PageHeader title={t('wizard.title')} subtitle={t('wizard.subtitle')} />
      <div className={classes.wizardGrid}>
        <Card padding={phone ? 'md' : 'xl'}>
          {phone ? (
            // Three vertical steps would push the form below the fold on a phone.
            <Stack gap={6} mb="lg" data-testid="wizard-step-phone">
              <Group justify="space-between">
                <Text size="sm" fw={650}>
                  {t(`wizard.steps.${STEP_KEYS[step] ?? 'details'}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('wizard.stepOf', { step: step + 1, total: STEP_KEYS.length })}
                </Text>
              </Group>
              <Progress value={((step + 1) / STEP_KEYS.length) * 100} size="sm" radius="xl" />
            </Stack>
          ) : (
            <Stepper
              active={step}
              onStepClick={(s) => s < step && setStep(s)}
              allowNextStepsSelect={false}
              size="sm"
              mb="xl"
              wrap={false}
            >
              {STEP_KEYS.map((key) => (
                <Stepper.Step
                  key={key}
                  label={t(`wizard.steps.${key}`)}
                  description={t(`wizard.steps.${key}Text`)}
                />
              ))}
            </Stepper>
          )}
          {step === 0 && (
            <StepDetails
              values={values}
              set={set}
              errors={errors}
              channels={channels}
              templates={templates}
              template={template}
              canManageTemplates={user?.role !== 'agent'}
              linkedNumbers={linkedNumbers}
            />
          )}
          {step === 1 && template && (
            <StepRecipients values={values} set={set} errors={errors} template={template} />
          )}
          {step === 2 && check && (
            <StepReview
              values={values}
              set={set}
              check={check}
              scheduleError={errors.schedule ?? null}
            />
          )}
          {failure && (
            <Alert color="red" variant="light" mt="md" data-testid="wizard-error">
              {failure}
            </Alert>
          )}
          {checking && (
            <Text size="sm" c="dimmed" mt="md">
              {t('wizard.recipients.checking')}
            </Text>
          )}
          <Group justify="space-between" mt="xl" className={classes.actions}>
            {step === 0 ? (
              <Button variant="default" onClick={() => void navigate('/broadcast')}>
                {t('wizard.cancel')}
              </Button>
            ) : (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                onClick={() => setStep(step - 1)}
              >
                {t('wizard.back')}
              </Button>
            )}
            <Group gap="sm" className={classes.actionsMain}>
              {step === 0 && (
                <Button rightSection={<IconArrowRight size={16} />} onClick={next}>
                  {t('wizard.next')}
                </Button>
              )}
              {step >= 1 && (
                <Button
                  variant={step === 2 ? 'default' : 'filled'}
                  leftSection={<IconRefresh size={16} />}
                  onClick={() => void runCheck()}
                  loading={checking}
                  data-testid="check-now"
                >
                  {t('wizard.recipients.checkNow')}
                </Button>
              )}
              {step === 2 && check && (
                <Button
                  leftSection={<IconSend size={16} />}
                  onClick={() => void submit()}
                  loading={submitting}
                  disabled={checking || !check.cost.sufficient || check.validCount === 0}
                  data-testid="start-broadcast"
                >
                  {t(
                    values.when === 'later'
                      ? 'wizard.review.scheduleSubmit'
                      : 'wizard.review.start',
                  )}
                </Button>
              )}
            </Group>
          </Group>
        </Card>
        {preview && <div className={classes.previewColumn}>{preview}</div>}
      </div>
    </>
  );
}
