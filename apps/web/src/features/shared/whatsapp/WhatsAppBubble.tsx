import { Fragment, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import type { TemplateButton, TemplateHeaderType } from '@sapa/contracts';
import {
  IconArrowBackUp,
  IconChecks,
  IconExternalLink,
  IconFileText,
  IconPhone,
  IconPhoto,
  IconVideo,
} from '@tabler/icons-react';
import { parseRichText } from '../../../lib/richText';
import { renderRich, type RichLeaves } from '../renderRich';
import classes from './whatsapp.module.css';

const PLACEHOLDER = /(\{\{\s*\d+\s*\}\})/;

/** Text with every still-unfilled `{{n}}` marked, so the writer sees what is left. */
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

/** Links are not clickable in a preview; unfilled parameters are marked wherever they are. */
const LEAVES: RichLeaves = {
  text: (text, key) => <Fragment key={key}>{marked(text)}</Fragment>,
  link: (node, key) => <Fragment key={key}>{marked(node.text)}</Fragment>,
  mono: (text, key) => <code key={key}>{text}</code>,
};

const MEDIA_ICON = { image: IconPhoto, video: IconVideo, document: IconFileText } as const;
const BUTTON_ICON = { chat: IconArrowBackUp, link: IconExternalLink, call: IconPhone } as const;

export interface BubbleMedia {
  type: Exclude<TemplateHeaderType, 'text'>;
  /** Shown for an image when it is an https or object URL. */
  url?: string | null;
  /** A document's file name, or a word under the icon. */
  label?: string | null;
}

export interface WhatsAppBubbleProps {
  media?: BubbleMedia | null;
  /** Header and body are already filled; any `{{n}}` left is shown as still to fill. */
  header?: string | null;
  body: string;
  /** Shown instead of an empty body. */
  emptyBody?: ReactNode;
  footer?: string | null;
  buttons: readonly Pick<TemplateButton, 'type' | 'label'>[];
  /** Label of a button without one. */
  buttonLabel?: (type: TemplateButton['type']) => string;
  time: string;
  /** Blue double ticks, as on a read message. */
  ticks?: boolean;
}

const showable = (url: string | null | undefined): url is string =>
  !!url && /^(https:\/\/|blob:)/.test(url);

/**
 * One business message as the customer's WhatsApp shows it: media or text header, formatted
 * body, footer, time, and the buttons under the bubble. The template editor, the broadcast
 * wizard and the inbox's template dialog all draw their previews with it.
 */
export function WhatsAppBubble(props: WhatsAppBubbleProps) {
  const { media, header, body, footer, buttons } = props;
  const MediaIcon = media ? MEDIA_ICON[media.type] : null;
  return (
    <div className={classes.message}>
      <div className={classes.bubble}>
        {media && MediaIcon && media.type === 'document' && (
          <div className={classes.document} data-testid="preview-media">
            <MediaIcon size={28} stroke={1.4} />
            <Text size="sm" truncate>
              {media.label || 'document.pdf'}
            </Text>
          </div>
        )}
        {media && MediaIcon && media.type !== 'document' && (
          <div className={classes.media} data-testid="preview-media">
            {media.type === 'image' && showable(media.url) ? (
              <img src={media.url} alt="" />
            ) : (
              <>
                <MediaIcon size={36} stroke={1.4} />
                {media.label && <span>{media.label}</span>}
              </>
            )}
          </div>
        )}
        {header && (
          <div className={classes.headerText} data-testid="preview-header">
            {marked(header)}
          </div>
        )}
        <div className={classes.body} data-testid="preview-body">
          {body.trim() ? renderRich(parseRichText(body), LEAVES) : props.emptyBody}
        </div>
        {footer && (
          <div className={classes.footer} data-testid="preview-footer">
            {footer}
          </div>
        )}
        <div className={classes.meta}>
          <span>{props.time}</span>
          {props.ticks && <IconChecks size={15} color="#53bdeb" />}
        </div>
      </div>
      {buttons.length > 0 && (
        <div className={classes.buttons}>
          {buttons.map((b, i) => {
            const Icon = BUTTON_ICON[b.type];
            return (
              <div key={i} className={classes.button} data-testid="preview-button">
                <Icon size={16} />
                <Text span inherit>
                  {b.label || props.buttonLabel?.(b.type)}
                </Text>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** The chat wallpaper a bubble sits on. */
export function WhatsAppWallpaper({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className={classes.wallpaper} data-testid={testId}>
      {children}
    </div>
  );
}
