import {
  templateInputSchema,
  type Template,
  type TemplateHeaderType,
  type TemplateInput,
} from '@sapa/contracts';
import { templateMessage } from './messages';

export interface ButtonValues {
  type: 'chat' | 'link' | 'call';
  label: string;
  code: string;
  url: string;
  phone: string;
}

/** The New Template form: toggles keep what was typed while a header or footer is off. */
export interface TemplateFormValues {
  name: string;
  channelId: string;
  category: string;
  language: string;
  initiateMessage: boolean;
  headerOn: boolean;
  headerType: TemplateHeaderType;
  headerText: string;
  headerExample: string;
  headerExampleUrl: string;
  /** A media header's example: an uploaded file (default) or a link. */
  exampleMode: 'upload' | 'link';
  headerExampleMediaId: string;
  headerExampleFilename: string;
  /** A local object URL of the chosen file, for the preview only. */
  headerExamplePreview: string;
  footerOn: boolean;
  footer: string;
  content: string;
  bodyExamples: string[];
  buttons: ButtonValues[];
  disclaimer: string;
}

export const emptyButton = (type: ButtonValues['type']): ButtonValues => ({
  type,
  label: '',
  code: '',
  url: '',
  phone: '',
});

export function initialValues(t: Template | null, channelId = ''): TemplateFormValues {
  return {
    name: t?.name ?? '',
    channelId: t?.channelId ?? channelId,
    category: t?.category ?? 'UTILITY',
    language: t?.language ?? 'id',
    initiateMessage: t?.initiateMessage ?? false,
    headerOn: t ? t.headerType !== null : false,
    headerType: t?.headerType ?? 'text',
    headerText: t?.headerText ?? '',
    headerExample: t?.examples.header ?? '',
    headerExampleUrl: t?.headerExampleUrl ?? '',
    exampleMode: t?.headerExampleUrl && !t.headerExampleMediaId ? 'link' : 'upload',
    headerExampleMediaId: t?.headerExampleMediaId ?? '',
    headerExampleFilename: t?.headerExampleFilename ?? '',
    headerExamplePreview: '',
    footerOn: t ? t.footer !== null : false,
    footer: t?.footer ?? '',
    content: t?.content ?? '',
    bodyExamples: t?.examples.body ?? [],
    buttons: (t?.buttons ?? []).map((b) => ({
      ...emptyButton(b.type),
      ...b,
    })),
    disclaimer: t?.disclaimer ?? '',
  };
}

/** The API body the contract checks; what the server receives is exactly this. */
export function toBody(v: TemplateFormValues): TemplateInput {
  const mediaHeader = v.headerOn && v.headerType !== 'text';
  return {
    name: v.name.trim(),
    channelId: v.channelId,
    category: v.category as TemplateInput['category'],
    language: v.language,
    initiateMessage: v.initiateMessage,
    headerType: v.headerOn ? v.headerType : null,
    headerText: v.headerOn && v.headerType === 'text' ? v.headerText : null,
    headerExampleUrl: mediaHeader && v.exampleMode === 'link' ? v.headerExampleUrl.trim() : null,
    headerExampleMediaId:
      mediaHeader && v.exampleMode === 'upload' && v.headerExampleMediaId
        ? v.headerExampleMediaId
        : null,
    footer: v.footerOn ? v.footer : null,
    content: v.content,
    examples: { body: v.bodyExamples, header: v.headerExample || null },
    buttons: v.buttons.map((b) =>
      b.type === 'chat'
        ? { type: 'chat', label: b.label, code: b.code }
        : b.type === 'link'
          ? { type: 'link', label: b.label, url: b.url.trim() }
          : { type: 'call', label: b.label, phone: b.phone },
    ),
    disclaimer: v.disclaimer.trim() || null,
  };
}

/** Contract paths → the form's field names (where the message shows). */
export function formPath(path: string): string {
  if (path === 'examples.header') return 'headerExample';
  if (path.startsWith('examples.body.'))
    return `bodyExamples.${path.slice('examples.body.'.length)}`;
  return path;
}

/** Mantine's `validate`: the shared contract, first message per field, translated. */
export function validateTemplate(values: TemplateFormValues): Record<string, string> {
  const result = templateInputSchema.safeParse(toBody(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = formPath(issue.path.map(String).join('.'));
    if (path && !(path in errors)) errors[path] = templateMessage(issue.message);
  }
  return errors;
}

/** Keeps one example per {{n}} in the content, keeping what was typed. */
export function syncExamples(examples: string[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => examples[i] ?? '');
}
