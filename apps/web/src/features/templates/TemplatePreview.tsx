import { Stack, Text } from '@mantine/core';
import { fillTemplate, type TemplateButton, type TemplateHeaderType } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { WhatsAppBubble } from '../shared/whatsapp/WhatsAppBubble';
import classes from './preview.module.css';

export interface PreviewData {
  headerType: TemplateHeaderType | null;
  headerText: string | null;
  headerExample: string | null;
  headerExampleUrl: string | null;
  content: string;
  bodyExamples: readonly string[];
  footer: string | null;
  buttons: readonly TemplateButton[];
  businessName: string;
}

/** The template being written, on a phone: header, body with example values, footer, buttons. */
export function TemplatePreview({ data }: { data: PreviewData }) {
  const { t } = useTranslation('templates');
  const initial = data.businessName.trim().charAt(0).toUpperCase() || 'S';
  const media =
    data.headerType && data.headerType !== 'text'
      ? { type: data.headerType, url: data.headerExampleUrl }
      : null;
  const header =
    data.headerType === 'text' && data.headerText
      ? fillTemplate(data.headerText, data.headerExample ? [data.headerExample] : [])
      : null;
  return (
    <Stack gap={6}>
      <div className={classes.phone} data-testid="template-preview">
        <div className={classes.topbar}>
          <div className={classes.avatar}>{initial}</div>
          <Text size="sm" fw={600} c="white" truncate>
            {data.businessName}
          </Text>
        </div>
        <div className={classes.chat}>
          <div className={classes.day}>{t('form.today')}</div>
          <WhatsAppBubble
            media={media}
            header={header}
            body={fillTemplate(data.content, data.bodyExamples)}
            emptyBody={
              <span className={classes.empty}>
                {t('form.contentHint', { p1: '{{1}}', p2: '{{2}}' })}
              </span>
            }
            footer={data.footer}
            buttons={data.buttons}
            buttonLabel={(type) => t(`form.buttonKinds.${type}`)}
            time="12:00"
          />
        </div>
      </div>
    </Stack>
  );
}
