import { fillTemplate, templateInputs, type Template } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { WhatsAppBubble, WhatsAppWallpaper } from '../../shared/whatsapp/WhatsAppBubble';
import type { TemplateValues } from './values';

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
  const header =
    template.headerType === 'text' && template.headerText
      ? fillTemplate(template.headerText, [values.headerParam.trim()])
      : null;
  return (
    <WhatsAppWallpaper testId="template-preview">
      <WhatsAppBubble
        media={
          need.headerMedia
            ? {
                type: need.headerMedia,
                url: values.headerMediaUrl.trim(),
                label: t(`previewMedia.${need.headerMedia}`),
              }
            : null
        }
        header={header}
        body={fillTemplate(
          template.content,
          values.params.map((v) => v.trim()),
        )}
        footer={template.footer}
        buttons={template.buttons}
        time={formatTime(Date.now())}
        ticks
      />
    </WhatsAppWallpaper>
  );
}
