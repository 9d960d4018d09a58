import { useRef, useState, type DragEvent } from 'react';
import { Modal, Progress, Stack, Stepper, Text, ThemeIcon } from '@mantine/core';
import type { ContactImportPreview } from '@sapa/contracts';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http';
import { errorText } from '../shared/forms';
import { commitImport, contactKeys, previewImport, type ContactImportResult } from './api';
import { ImportPreviewStep, ImportResultStep } from './ImportSteps';
import { IMPORT_ACCEPT, importFileProblem } from './importFile';
import { translateReason } from './reasons';
import classes from './contacts.module.css';

export type ImportState =
  | { step: 'file'; error: string | null }
  | { step: 'uploading'; filename: string }
  | { step: 'preview'; preview: ContactImportPreview; error: string | null }
  | { step: 'committing'; preview: ContactImportPreview }
  | { step: 'result'; result: ContactImportResult };

/** The server's answer in the current language (import reasons included). */
function failureText(error: unknown): string {
  return error instanceof HttpError && error.message
    ? translateReason(error.message)
    : errorText(error);
}

const START: ImportState = { step: 'file', error: null };
const STEP_INDEX: Record<ImportState['step'], number> = {
  file: 0,
  uploading: 0,
  preview: 1,
  committing: 1,
  result: 2,
};

/** Choose a file → see what the server would do → confirm → counts. Nothing is written before confirm. */
export function ImportWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const [state, setState] = useState<ImportState>(START);
  const busy = state.step === 'uploading' || state.step === 'committing';
  const phone = useMediaQuery('(max-width: 767px)') ?? false;

  const close = () => {
    if (busy) return;
    setState(START);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text fw={650} size="lg">
          {t('import.title')}
        </Text>
      }
      radius="lg"
      size="xl"
      centered
      fullScreen={phone}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      data-testid="import-wizard"
    >
      <Stepper active={STEP_INDEX[state.step]} size="sm" mb="lg" allowNextStepsSelect={false}>
        <Stepper.Step label={t('import.steps.file')} />
        <Stepper.Step label={t('import.steps.preview')} />
        <Stepper.Step label={t('import.steps.result')} />
      </Stepper>
      <WizardBody state={state} setState={setState} onClose={close} />
    </Modal>
  );
}

function WizardBody({
  state,
  setState,
  onClose,
}: {
  state: ImportState;
  setState: (next: ImportState) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('contacts');
  const queryClient = useQueryClient();

  const upload = async (file: File) => {
    const problem = importFileProblem(file);
    if (problem) {
      setState({ step: 'file', error: t(`import.${problem}`) });
      return;
    }
    setState({ step: 'uploading', filename: file.name });
    try {
      setState({ step: 'preview', preview: await previewImport(file), error: null });
    } catch (error) {
      setState({ step: 'file', error: failureText(error) });
    }
  };

  const commit = async (preview: ContactImportPreview, groupId: string | null) => {
    setState({ step: 'committing', preview });
    try {
      const result = await commitImport(preview.importId, groupId);
      setState({ step: 'result', result });
      void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    } catch (error) {
      setState({ step: 'preview', preview, error: failureText(error) });
    }
  };

  switch (state.step) {
    case 'file':
      return <FileStep error={state.error} onFile={(file) => void upload(file)} />;
    case 'uploading':
      return <Busy text={t('import.uploading', { name: state.filename })} />;
    case 'committing':
      return <Busy text={t('import.committing')} />;
    case 'preview':
      return (
        <ImportPreviewStep
          preview={state.preview}
          error={state.error}
          onBack={() => setState(START)}
          onConfirm={(groupId) => void commit(state.preview, groupId)}
        />
      );
    case 'result':
      return <ImportResultStep result={state.result} onClose={onClose} />;
  }
}

function Busy({ text }: { text: string }) {
  return (
    <Stack gap="sm" py="xl" data-testid="import-progress">
      <Text size="sm" ta="center">
        {text}
      </Text>
      {/* The server answers in one response, so the bar shows activity, not a percentage. */}
      <Progress value={100} striped animated size="lg" radius="xl" aria-label={text} />
    </Stack>
  );
}

function FileStep({ error, onFile }: { error: string | null; onFile: (file: File) => void }) {
  const { t } = useTranslation('contacts');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <Stack gap="sm">
      <div
        role="button"
        tabIndex={0}
        className={classes.dropzone}
        data-active={over}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') input.current?.click();
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="import-dropzone"
      >
        <Stack align="center" gap="xs">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconFileSpreadsheet size={30} stroke={1.5} />
          </ThemeIcon>
          <Text fw={600}>{t('import.drop')}</Text>
          <Text size="sm" c="dimmed" maw={420}>
            {t('import.dropHint')}
          </Text>
        </Stack>
        <input
          ref={input}
          type="file"
          accept={IMPORT_ACCEPT}
          hidden
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            // Choosing the same file again must fire change again.
            e.currentTarget.value = '';
            if (file) onFile(file);
          }}
          data-testid="import-file"
        />
      </div>
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="import-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
