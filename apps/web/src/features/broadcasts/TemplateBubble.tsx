import { fillTemplate, type Template } from '@sapa/contracts';
import { formatTime } from '../../lib/datetime';
import { WhatsAppBubble, WhatsAppWallpaper } from '../shared/whatsapp/WhatsAppBubble';

type BubbleTemplate = Pick<
  Template,
  'headerType' | 'headerText' | 'content' | 'footer' | 'buttons'
>;

/**
 * The template as the customer's WhatsApp shows it with one recipient's values: header (media or
 * text), body, footer and buttons, on the chat wallpaper.
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
    <WhatsAppWallpaper testId="template-bubble">
      <WhatsAppBubble
        media={type && type !== 'text' ? { type, url: mediaUrl, label: mediaName } : null}
        header={
          type === 'text' && template.headerText
            ? fillTemplate(template.headerText, header ? [header] : [])
            : null
        }
        body={fillTemplate(template.content, params)}
        footer={template.footer}
        buttons={template.buttons}
        time={formatTime(Date.now())}
      />
    </WhatsAppWallpaper>
  );
}
