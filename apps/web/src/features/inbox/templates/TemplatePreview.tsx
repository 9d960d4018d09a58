import { Fragment, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { fillTemplate, isHttpsUrl, templateInputs, type Template } from '@sapa/contracts';
import {
  IconChecks,
  IconCornerUpLeft,
  IconExternalLink,
  IconFileText,
  IconPhone,
  IconPhoto,
  IconVideo,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { parseRichText, type RichNode } from '../conversation/richText';
import classes from './templates.module.css';
import type { TemplateValues } from './values';

const PLACEHOLDER = /(\{\{\s*\d+\s*\}\})/;

/** Text with every still-empty `{{n}}` marked, so the agent sees what is left to fill. */
function marked(text: string): ReactNode[] {
  return text.split(PLACEHOLDER).map((part, i) =>
    PLACEHOLDER.test(part) ? (
      <span key={i} className={classes.placeholder} data-testid="preview-placeholder">
        {part}
      </span>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/** WhatsApp's *bold* _italic_ ~strike~ as the customer's phone shows them. */
function render(nodes: RichNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case 'text':
      case 'link':
        return <Fragment key={i}>{marked(node.text)}</Fragment>;
      case 'mono':
        return <code key={i}>{node.text}</code>;
      case 'bold':
        return <strong key={i}>{render(node.children)}</strong>;
      case 'italic':
        return <em key={i}>{render(node.children)}</em>;
      case 'strike':
        return <s key={i}>{render(node.children)}</s>;
    }
  });
}

const MEDIA_ICON = { image: IconPhoto, video: IconVideo, document: IconFileText } as const;
const BUTTON_ICON = { chat: IconCornerUpLeft, link: IconExternalLink, call: IconPhone } as const;

/** The template as the customer's phone will show it, with the values typed so far. */
export function TemplatePreview({
  template,
  values,
}: {
  template: Template;
  values: TemplateValues;
}) {
  const { t } = useTranslation('inboxTemplates');
  const need = templateInputs(template);
  const body = fillTemplate(
    template.content,
    values.params.map((v) => v.trim()),
  );
  const header =
    template.headerType === 'text' && template.headerText
      ? fillTemplate(template.headerText, [values.headerParam.trim()])
      : null;
  const mediaUrl = values.headerMediaUrl.trim();
  const MediaIcon = need.headerMedia ? MEDIA_ICON[need.headerMedia] : null;

  return (
    <div className={classes.wallpaper} data-testid="template-preview">
      <div className={classes.bubble}>
        {need.headerMedia && MediaIcon && (
          <div className={classes.media} data-testid="preview-media">
            {need.headerMedia === 'image' && isHttpsUrl(mediaUrl) ? (
              <img src={mediaUrl} alt="" className={classes.mediaImage} />
            ) : (
              <>
                <MediaIcon size={30} stroke={1.4} />
                <span>{t(`previewMedia.${need.headerMedia}`)}</span>
              </>
            )}
          </div>
        )}
        {header && (
          <div className={classes.header} data-testid="preview-header">
            {marked(header)}
          </div>
        )}
        <div className={classes.body} data-testid="preview-body">
          {render(parseRichText(body))}
        </div>
        {template.footer && <div className={classes.footer}>{template.footer}</div>}
        <div className={classes.meta}>
          <span>{formatTime(Date.now())}</span>
          <IconChecks size={15} color="#53bdeb" />
        </div>
      </div>
      {template.buttons.length > 0 && (
        <div className={classes.buttons}>
          {template.buttons.map((b, i) => {
            const Icon = BUTTON_ICON[b.type];
            return (
              <div key={i} className={classes.button}>
                <Icon size={16} />
                <Text span inherit>
                  {b.label}
                </Text>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
