import { sentTemplateOf, type Message } from '@sapa/contracts';
import {
  IconCornerUpLeft,
  IconExternalLink,
  IconFileText,
  IconPhone,
  IconTemplate,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../components/conversation/RichText';
import classes from './templates.module.css';

const BUTTON_ICON: Record<string, typeof IconPhone> = {
  chat: IconCornerUpLeft,
  link: IconExternalLink,
  call: IconPhone,
};

/**
 * A template the business sent, in the conversation: marked as a template, with the header,
 * footer and buttons the customer saw around the body text. Null for any other message.
 */
export function TemplateMessage({ message }: { message: Pick<Message, 'text' | 'payload'> }) {
  const { t } = useTranslation('inboxTemplates');
  const sent = sentTemplateOf(message.payload);
  if (!sent) return null;
  return (
    <div data-testid="message-template" data-template={sent.name}>
      <span className={classes.tag}>
        <IconTemplate size={13} stroke={1.8} />
        {t('tag', { name: sent.name })}
      </span>
      {sent.headerText && <div className={classes.header}>{sent.headerText}</div>}
      {sent.headerMediaUrl && (
        <a
          href={sent.headerMediaUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={classes.bubbleButton}
        >
          <IconFileText size={14} />
          {t(`previewMedia.${sent.headerType ?? 'document'}`)}
        </a>
      )}
      <RichText text={message.text} />
      {sent.footer && <div className={classes.footer}>{sent.footer}</div>}
      {sent.buttons.length > 0 && (
        <div className={classes.bubbleButtons}>
          {sent.buttons.map((b, i) => {
            const Icon = BUTTON_ICON[b.type] ?? IconCornerUpLeft;
            return (
              <span key={i} className={classes.bubbleButton}>
                <Icon size={13} />
                {b.label}
              </span>
            );
          })}
        </div>
      )}
    </div>
  );
}
