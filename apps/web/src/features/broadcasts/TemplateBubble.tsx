import { Fragment, type ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import {
  IconExternalLink,
  IconFileText,
  IconPhone,
  IconPhoto,
  IconPlayerPlayFilled,
  IconArrowBackUp,
} from '@tabler/icons-react';
import type { Template } from '@sapa/contracts';
import classes from './broadcasts.module.css';

type BubbleTemplate = Pick<
  Template,
  'headerType' | 'headerText' | 'content' | 'footer' | 'buttons'
>;

const PARAM = /(\{\{\s*\d+\s*\}\})/g;

/** Text with {{n}} filled from values; a missing value stays visible as a marked placeholder. */
function filled(text: string, values: readonly string[]): ReactNode {
  return text.split(PARAM).map((part, i) => {
    const n = /^\{\{\s*(\d+)\s*\}\}$/.exec(part)?.[1];
    if (!n) return <Fragment key={i}>{part}</Fragment>;
    const value = values[Number(n) - 1];
    return value ? (
      <Fragment key={i}>{value}</Fragment>
    ) : (
      <span key={i} className={classes.placeholder}>
        {part}
      </span>
    );
  });
}

/**
 * The template as the customer's WhatsApp shows it: header (media or text), body with the
 * recipient's values, footer and buttons, on the chat wallpaper.
 */
export function TemplateBubble({
  template,
  params,
  header,
  mediaUrl,
  mediaName,
}: {
  template: BubbleTemplate;
  params: readonly string[];
  header: string | null;
  /** An image to show in an image header (an object URL or https link). */
  mediaUrl?: string | null;
  mediaName?: string | null;
}) {
  const type = template.headerType;
  return (
    <div className={classes.wallpaper} data-testid="template-bubble">
      <div className={classes.bubble}>
        {type === 'image' && (
          <div className={classes.media}>
            {mediaUrl ? <img src={mediaUrl} alt="" /> : <IconPhoto size={40} stroke={1.4} />}
          </div>
        )}
        {type === 'video' && (
          <div className={classes.media}>
            <IconPlayerPlayFilled size={40} />
          </div>
        )}
        {type === 'document' && (
          <div className={classes.documentMedia}>
            <IconFileText size={28} stroke={1.4} />
            <Text size="sm" truncate>
              {mediaName || 'document.pdf'}
            </Text>
          </div>
        )}
        {type === 'text' && template.headerText && (
          <div className={classes.headerText}>
            {filled(template.headerText, header ? [header] : [])}
          </div>
        )}
        <div className={classes.bubbleText}>{filled(template.content, params)}</div>
        {template.footer && <div className={classes.footer}>{template.footer}</div>}
        <div className={classes.time}>
          {new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
        </div>
      </div>
      {template.buttons.length > 0 && (
        <div className={classes.buttons}>
          {template.buttons.map((b, i) => (
            <Group key={i} className={classes.button} gap={6} wrap="nowrap">
              {b.type === 'link' && <IconExternalLink size={16} />}
              {b.type === 'call' && <IconPhone size={16} />}
              {b.type === 'chat' && <IconArrowBackUp size={16} />}
              <span>{b.label}</span>
            </Group>
          ))}
        </div>
      )}
    </div>
  );
}
