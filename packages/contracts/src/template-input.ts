import { z } from 'zod';
import { text } from './text.js';
import { perPage } from './fields.js';
import { LIMITS } from './limits.js';
import { validationMessage as vm } from './messages.js';
import {
  fillTemplate,
  TEMPLATE_CATEGORIES,
  TEMPLATE_HEADER_TYPES,
  templateParams,
  templateSchema,
  templateStatusSchema,
  TEMPLATE_STATUSES,
  type TemplateButton,
} from './templates.js';

/**
 * The body of `POST /api/hsm` and `PUT /api/hsm/:id` with spec §5's validation and Meta's own
 * limits (reference §2.6). The New Template form validates with this very schema, so a rule or a
 * message is written once. Field names inside messages are the spec's ("The name field …").
 */

/** Meta's template limits beyond §5's 1024 / 60 / 512 / 1 (reference §2.6). */
export const TEMPLATE_LIMITS = {
  content: LIMITS.templateContentMax,
  headerText: LIMITS.templateFieldMax,
  footer: LIMITS.templateFieldMax,
  name: LIMITS.templateLongFieldMax,
  disclaimer: LIMITS.templateLongFieldMax,
  headerVariables: LIMITS.templateSingleMax,
  exampleValue: 200,
  buttonLabel: 25,
  buttonCode: 256,
  url: 2000,
  buttons: 10,
  linkButtons: 2,
  callButtons: 1,
} as const;

/** Sentences the shared helper (`validationMessage`) does not cover; the web translates them. */
export const TEMPLATE_RULES = {
  nameFormat: 'The name may only contain lowercase letters, numbers and underscores',
  headerVariables: 'The header text may contain at most 1 parameter, written {{1}}',
  paramsSequence: 'Parameters must be numbered {{1}}, {{2}} … without gaps',
  paramsAtEdge: 'The content may not start or end with a parameter',
  filledTooLong: 'The content with its example values may not be more than 1024 characters',
  httpsOnly: 'The link must be an https:// address',
  linkParams: 'A link button takes a fixed address; parameters such as {{1}} are not supported',
  phoneFormat: 'The phone number must start with a plus and the country code',
  tooManyButtons: 'A template may have at most 10 buttons',
  tooManyLinks: 'A template may have at most 2 link buttons',
  tooManyCalls: 'A template may have at most 1 call button',
  exampleUrl: 'The header example must be an https:// address of an image, video or document',
  exampleFile:
    'The header example must be a JPG or PNG image, an MP4 video or a PDF document, as the header type says',
} as const;
export type TemplateRuleKey = keyof typeof TEMPLATE_RULES;

/** An https address a URL parser takes (`https://%zz/` passes a pattern, not a parser). */
function isHttpsUrl(url: string): boolean {
  if (!/^https:\/\/\S+$/i.test(url)) return false;
  try {
    return new URL(url).hostname !== '';
  } catch {
    return false;
  }
}

/** The API's template errors (not fixed by the spec; ours, so every screen says the same). */
export const TEMPLATE_MESSAGES = {
  notFound: 'Template not found',
  nameTaken: 'A template with this name and language already exists on this channel',
  notEditable: 'Only draft or rejected templates can be changed',
  notDeletable: 'Only draft or rejected templates can be deleted',
  notPublishable: 'Only draft or rejected templates can be published',
  welcomeNotAccepted: 'Only an accepted template can open conversations',
  channelNotWhatsapp: 'Templates need a WhatsApp Business channel of this account',
  exampleNotFound: 'The uploaded header example was not found. Upload it again.',
  exampleUnreachable: 'The header example could not be downloaded from its link',
  exampleTooLarge:
    'The header example is too large for Meta (images 5 MB, videos and documents 16 MB)',
  noMetaApp: 'Templates with a media header need the platform META_APP_ID setting',
  exampleMissing: 'A media header needs an example: upload a file or give its https link',
  changedWhilePublishing:
    'The template was changed while it was being published. Publish it again.',
} as const;

/** Languages Meta accepts for templates (a common subset), code → English name. */
export const TEMPLATE_LANGUAGES = [
  { code: 'id', name: 'Indonesian' },
  { code: 'en', name: 'English' },
  { code: 'en_US', name: 'English (US)' },
  { code: 'en_GB', name: 'English (UK)' },
  { code: 'ms', name: 'Malay' },
  { code: 'jv', name: 'Javanese' },
  { code: 'ar', name: 'Arabic' },
  { code: 'zh_CN', name: 'Chinese (China)' },
  { code: 'zh_TW', name: 'Chinese (Taiwan)' },
  { code: 'hi', name: 'Hindi' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'th', name: 'Thai' },
  { code: 'vi', name: 'Vietnamese' },
  { code: 'fil', name: 'Filipino' },
  { code: 'es', name: 'Spanish' },
  { code: 'pt_BR', name: 'Portuguese (Brazil)' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'nl', name: 'Dutch' },
  { code: 'it', name: 'Italian' },
  { code: 'ru', name: 'Russian' },
  { code: 'tr', name: 'Turkish' },
] as const;
export const TEMPLATE_LANGUAGE_CODES = TEMPLATE_LANGUAGES.map((l) => l.code) as [
  string,
  ...string[],
];

const NAME = /^[a-z0-9_]+$/;
const CALL_PHONE = /^\+[1-9]\d{6,14}$/;
const PARAM_ANYWHERE = /\{\{[^}]*\}\}/g;

const trimmed = (field: string, max: number) =>
  text({ error: () => vm.string(field) })
    .trim()
    .max(max, vm.max(field, max));
const required = (field: string, max: number) =>
  text({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? vm.required(field) : vm.string(field),
  })
    .trim()
    .min(1, vm.required(field))
    .max(max, vm.max(field, max));
export const templateButtonInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('chat'),
    label: required('button label', TEMPLATE_LIMITS.buttonLabel),
    /** Returned as the quick reply's payload so an integration can tell which button was hit. */
    code: trimmed('button code', TEMPLATE_LIMITS.buttonCode).default(''),
  }),
  z.object({
    type: z.literal('link'),
    label: required('button label', TEMPLATE_LIMITS.buttonLabel),
    url: required('link', TEMPLATE_LIMITS.url)
      .refine((u) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(u), TEMPLATE_RULES.httpsOnly)
      // A {{1}} suffix would need a value per message, which sending does not ask for yet.
      .refine((u) => !/\{\{/.test(u), TEMPLATE_RULES.linkParams),
  }),
  z.object({
    type: z.literal('call'),
    label: required('button label', TEMPLATE_LIMITS.buttonLabel),
    phone: required('phone number', 20)
      .transform((p) => p.replace(/[\s-]/g, ''))
      .refine((p) => CALL_PHONE.test(p), TEMPLATE_RULES.phoneFormat),
  }),
]);

/** Meta wants quick replies grouped apart from call-to-action buttons; chat buttons go first. */
function groupButtons<B extends TemplateButton>(buttons: B[]): B[] {
  return [...buttons.filter((b) => b.type === 'chat'), ...buttons.filter((b) => b.type !== 'chat')];
}

/** Checks the parameters of a text: numbered 1..n without gaps. Returns n, or null when broken. */
export function paramCount(text: string): number | null {
  const all = [...text.matchAll(PARAM_ANYWHERE)].map((m) => m[0]);
  // "{{name}}" or "{{ 1 }}" are not Meta's positional form.
  if (all.some((p) => !/^\{\{[1-9]\d*\}\}$/.test(p))) return null;
  const params = templateParams(text);
  return params.every((n, i) => n === i + 1) ? params.length : null;
}

const shape = z.object({
  name: required('name', TEMPLATE_LIMITS.name).regex(NAME, TEMPLATE_RULES.nameFormat),
  channelId: z.uuid({ error: vm.required('channel') }),
  category: z.enum(TEMPLATE_CATEGORIES, { error: () => vm.required('category') }),
  language: z.enum(TEMPLATE_LANGUAGE_CODES, { error: () => vm.required('language') }),
  initiateMessage: z.boolean().default(false),
  /** null turns the header off. */
  headerType: z
    .enum(TEMPLATE_HEADER_TYPES, { error: () => vm.required('header type') })
    .nullable()
    .default(null),
  headerText: text().nullable().default(null),
  headerExampleUrl: text().trim().nullable().default(null),
  /** An uploaded example file (`POST /api/media`); takes the place of the link. */
  headerExampleMediaId: z
    .uuid({ error: 'The uploaded file was not found' })
    .nullable()
    .default(null),
  /** null turns the footer off; '' with the footer on is "required". */
  footer: text().nullable().default(null),
  content: required('content', TEMPLATE_LIMITS.content),
  examples: z
    .object({
      body: z.array(text()).max(100).default([]),
      header: text().nullable().default(null),
    })
    .default({ body: [], header: null }),
  buttons: z.array(templateButtonInputSchema).default([]),
  disclaimer: text()
    .trim()
    .max(TEMPLATE_LIMITS.disclaimer, vm.max('disclaimer', TEMPLATE_LIMITS.disclaimer))
    .nullable()
    .default(null),
});

/** Reads a possibly half-parsed value: cross-field rules also run when another field failed. */
function loose(value: z.output<typeof shape>) {
  const v = value as Partial<Record<keyof typeof value, unknown>>;
  const str = (x: unknown) => (typeof x === 'string' ? x : null);
  const ex = (v.examples ?? {}) as { body?: unknown; header?: unknown };
  return {
    headerType: str(v.headerType),
    headerText: str(v.headerText),
    headerExampleUrl: str(v.headerExampleUrl),
    headerExampleMediaId: str(v.headerExampleMediaId),
    footer: str(v.footer),
    content: str(v.content) ?? '',
    examples: {
      body: Array.isArray(ex.body) ? ex.body.map((b) => (typeof b === 'string' ? b : '')) : [],
      header: str(ex.header),
    },
    buttons: (Array.isArray(v.buttons) ? v.buttons : []) as { type?: unknown }[],
  };
}

export const templateInputSchema = shape
  .superRefine(
    (value, ctx) => {
      const v = loose(value);
      const issue = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', path, message });

      if (v.headerType === 'text') {
        const text = (v.headerText ?? '').trim();
        if (!text) issue(['headerText'], vm.required('header text'));
        else if (text.length > TEMPLATE_LIMITS.headerText)
          issue(['headerText'], vm.max('header text', TEMPLATE_LIMITS.headerText));
        else {
          const n = paramCount(text);
          if (n === null || n > TEMPLATE_LIMITS.headerVariables)
            issue(['headerText'], TEMPLATE_RULES.headerVariables);
          else if (n === 1 && !(v.examples.header ?? '').trim())
            issue(['examples', 'header'], vm.required('header example'));
        }
      } else if (v.headerType !== null) {
        const url = v.headerExampleUrl ?? '';
        if (v.headerExampleMediaId) {
          // An uploaded example wins; a link beside it is ignored.
        } else if (!url) issue(['headerExampleUrl'], vm.required('header example'));
        else if (!isHttpsUrl(url) || url.length > TEMPLATE_LIMITS.url)
          issue(['headerExampleUrl'], TEMPLATE_RULES.exampleUrl);
      }

      if (v.footer !== null) {
        const footer = v.footer.trim();
        if (!footer) issue(['footer'], vm.required('footer'));
        else if (footer.length > TEMPLATE_LIMITS.footer)
          issue(['footer'], vm.max('footer', TEMPLATE_LIMITS.footer));
      }

      const n = paramCount(v.content);
      if (n === null) issue(['content'], TEMPLATE_RULES.paramsSequence);
      else if (n > 0) {
        if (/^\{\{\d+\}\}/.test(v.content) || /\{\{\d+\}\}$/.test(v.content))
          issue(['content'], TEMPLATE_RULES.paramsAtEdge);
        for (let i = 0; i < n; i++) {
          const value = (v.examples.body[i] ?? '').trim();
          if (!value) issue(['examples', 'body', i], vm.required(`example {{${i + 1}}}`));
          else if (value.length > TEMPLATE_LIMITS.exampleValue)
            issue(
              ['examples', 'body', i],
              vm.max(`example {{${i + 1}}}`, TEMPLATE_LIMITS.exampleValue),
            );
        }
        const filled = fillTemplate(
          v.content,
          v.examples.body.map((s) => s.trim()),
        );
        if (filled.length > TEMPLATE_LIMITS.content)
          issue(['content'], TEMPLATE_RULES.filledTooLong);
      }

      if (v.buttons.length > TEMPLATE_LIMITS.buttons)
        issue(['buttons'], TEMPLATE_RULES.tooManyButtons);
      if (v.buttons.filter((b) => b.type === 'link').length > TEMPLATE_LIMITS.linkButtons)
        issue(['buttons'], TEMPLATE_RULES.tooManyLinks);
      if (v.buttons.filter((b) => b.type === 'call').length > TEMPLATE_LIMITS.callButtons)
        issue(['buttons'], TEMPLATE_RULES.tooManyCalls);
    },
    // Run even when a field failed, so the form shows every problem at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((v) => {
    const headerText = v.headerType === 'text' ? (v.headerText ?? '').trim() : null;
    const headerParam = headerText !== null && templateParams(headerText).length === 1;
    const bodyCount = templateParams(v.content).length;
    return {
      ...v,
      headerText,
      headerExampleUrl:
        v.headerType && v.headerType !== 'text' && !v.headerExampleMediaId
          ? v.headerExampleUrl
          : null,
      headerExampleMediaId: v.headerType && v.headerType !== 'text' ? v.headerExampleMediaId : null,
      footer: v.footer === null ? null : v.footer.trim(),
      // Only as many examples as parameters: a removed {{3}} must not leave a stale value.
      examples: {
        body: v.examples.body.slice(0, bodyCount).map((s) => s.trim()),
        header: headerParam ? (v.examples.header ?? '').trim() : null,
      },
      buttons: groupButtons(v.buttons),
      disclaimer: v.disclaimer ? v.disclaimer : null,
    };
  });
export type TemplateInput = z.input<typeof templateInputSchema>;
export type TemplateData = z.output<typeof templateInputSchema>;

/** `GET /api/hsm`: keyset pages, newest first, by name and status ("condition"). */
export const templateListQuerySchema = z.object({
  searchText: text().trim().max(200).optional(),
  status: templateStatusSchema.optional(),
  channelId: z.uuid().optional(),
  perpage: perPage(100, 20),
  startKey: text().max(200).optional(),
});
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;

export const templateListSchema = z.object({
  data: z.array(templateSchema),
  nextKey: z.string().nullable(),
  total: z.number(),
});
export type TemplateList = z.infer<typeof templateListSchema>;

/** `GET /api/hsm/count`: all of the account's templates and per status. */
export const templateCountSchema = z.object({
  total: z.number(),
  byStatus: z.object(
    Object.fromEntries(TEMPLATE_STATUSES.map((s) => [s, z.number()])) as Record<
      (typeof TEMPLATE_STATUSES)[number],
      z.ZodNumber
    >,
  ),
});
export type TemplateCount = z.infer<typeof templateCountSchema>;

const option = z.object({ value: z.string(), label: z.string() });
/** `GET /api/hsm/categories`, `hsm/header-types`, `hsm/languages`. */
export const templateOptionsSchema = z.object({ data: z.array(option) });
export type TemplateOptions = z.infer<typeof templateOptionsSchema>;

/** `GET /api/hsm/welcome`: the accepted template that opens conversations, if any. */
export const templateWelcomeSchema = z.object({ template: templateSchema.nullable() });
/** `POST /api/hsm/welcome`: choose one (its id) or none (null). */
export const templateWelcomeBodySchema = z.object({ templateId: z.uuid().nullable() });

export const templateIdParamsSchema = z.object({ id: z.uuid({ error: 'Invalid id' }) });
