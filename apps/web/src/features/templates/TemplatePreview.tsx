import { Fragment, type ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { fillTemplate, type TemplateButton, type TemplateHeaderType } from '@sapa/contracts';
import {
  IconArrowBackUp,
  IconExternalLink,
  IconFileText,
  IconPhoto,
  IconPhone,
  IconVideo,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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

const PARAM = /(\{\{\d+\}\})/;
const FORMAT = /(\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~)/;

/** WhatsApp's *bold*, _italic_ and ~strike~, as the customer's phone shows them. */
function formatted(text: string): ReactNode[] {
  return text.split(FORMAT).map((part, i) => {
    if (/^\*.+\*$/.test(part)) return <strong key={i}>{part.slice(1, -1)}</strong>;
    if (/^_.+_$/.test(part)) return <em key={i}>{part.slice(1, -1)}</em>;
    if (/^~.+~$/.test(part)) return <s key={i}>{part.slice(1, -1)}</s>;
    return <Fragment key={i}>{part}</Fragment>;
  });
}

/** Filled text; parameters still without an example stay visible, greyed. */
function filled(text: string, values: readonly string[]): ReactNode[] {
  return fillTemplate(text, values)
    .split(PARAM)
    .map((part, i) =>
      PARAM.test(part) ? (
        <span key={i} className={classes.placeholder}>
          {part}
        </span>
      ) : (
        <Fragment key={i}>{formatted(part)}</Fragment>
      ),
    );
}

const MEDIA_ICON = { image: IconPhoto, video: IconVideo, document: IconFileText } as const;
const BUTTON_ICON = { chat: IconArrowBackUp, link: IconExternalLink, call: IconPhone } as const;

function Media({ type, url }: { type: 'image' | 'video' | 'document'; url: string | null }) {
  const Icon = MEDIA_ICON[type];
  const showImage = type === 'image' && url && /^https:\/\//.test(url);
  return (
    <div className={classes.media} data-testid="preview-media">
      {showImage ? <img src={url} alt="" /> : <Icon size={40} stroke={1.3} />}
    </div>
  );
}

/** The template as a WhatsApp bubble: header, body with example values, footer, buttons. */
export function TemplatePreview({ data }: { data: PreviewData }) {
  const { t } = useTranslation('templates');
  const initial = data.businessName.trim().charAt(0).toUpperCase() || 'S';
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
          <div className={classes.message}>
            <div className={classes.bubble}>
              {data.headerType && data.headerType !== 'text' && (
                <Media type={data.headerType} url={data.headerExampleUrl} />
              )}
              {data.headerType === 'text' && data.headerText && (
                <div className={classes.headerText} data-testid="preview-header">
                  {filled(data.headerText, data.headerExample ? [data.headerExample] : [])}
                </div>
              )}
              <div className={classes.body} data-testid="preview-body">
                {data.content.trim() ? (
                  filled(data.content, data.bodyExamples)
                ) : (
                  <span className={classes.empty}>
                    {t('form.contentHint', { p1: '{{1}}', p2: '{{2}}' })}
                  </span>
                )}
              </div>
              {data.footer && (
                <div className={classes.footer} data-testid="preview-footer">
                  {data.footer}
                </div>
              )}
              <span className={classes.time}>12:00</span>
            </div>
            {data.buttons.length > 0 && (
              <div className={classes.buttons}>
                {data.buttons.map((b: TemplateButton, i) => {
                  const Icon = BUTTON_ICON[b.type];
                  return (
                    <div key={i} className={classes.button} data-testid="preview-button">
                      <Icon size={16} />
                      {b.label || t(`form.buttonKinds.${b.type}`)}
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        </div>
      </div>
    </Stack>
  );
}
