import {
  BROADCAST_LIMITS,
  LIMITS,
  recipientColumns,
  type RecipientSource,
  type Template,
} from '@sapa/contracts';
import { fromWallTime } from '../../lib/datetime';

export type MediaType = 'image' | 'video' | 'document';
export type DataMode = 'paste' | 'file' | 'groups';

/** Everything the three steps collect; one object so going back keeps what was entered. */
export interface WizardValues {
  title: string;
  channelId: string | null;
  templateId: string | null;
  mediaMode: 'upload' | 'link';
  mediaFile: File | null;
  mediaLink: string;
  dataMode: DataMode;
  pasteText: string;
  dataFile: File | null;
  groupIds: string[];
  /** Groups: which contact field fills each recipient column (`name`, `attribute:<key>`). */
  fields: Record<string, string>;
  when: 'now' | 'later';
  /** The start as the account's wall clock, "YYYY-MM-DD HH:mm:ss" (the picker's value). */
  scheduledAt: string;
  selfAssign: boolean;
}

export const EMPTY_WIZARD: WizardValues = {
  title: '',
  channelId: null,
  templateId: null,
  mediaMode: 'upload',
  mediaFile: null,
  mediaLink: '',
  dataMode: 'paste',
  pasteText: '',
  dataFile: null,
  groupIds: [],
  fields: {},
  when: 'now',
  scheduledAt: '',
  selfAssign: false,
};

/** Error keys of the `broadcasts` namespace, by field. */
export type WizardErrors = Partial<Record<string, string>>;

/** The media a template's header needs, or null for a text header or none. */
export function headerMediaType(template: Pick<Template, 'headerType'> | null): MediaType | null {
  const type = template?.headerType;
  return type === 'image' || type === 'video' || type === 'document' ? type : null;
}

export function templateColumns(template: Template): string[] {
  return recipientColumns(template);
}

// Spec §5: images JPG, JPEG, PNG; video MP4 and OGG; documents any type; 1 MB. The server checks
// the bytes again; this only saves an upload that would be refused.
const MEDIA_RULES: Record<Exclude<MediaType, 'document'>, { mimes: string[]; ext: RegExp }> = {
  image: { mimes: ['image/jpeg', 'image/png'], ext: /\.(jpe?g|png)$/i },
  video: { mimes: ['video/mp4', 'video/ogg', 'application/ogg'], ext: /\.(mp4|ogg|ogv)$/i },
};

export function mediaFileProblem(file: File, type: MediaType): string | null {
  if (file.size > LIMITS.uploadBytes) return 'errors.mediaTooLarge';
  if (file.size === 0) return 'errors.fileEmpty';
  if (type === 'document') return null;
  const rule = MEDIA_RULES[type];
  const ok = file.type ? rule.mimes.includes(file.type) : rule.ext.test(file.name);
  return ok ? null : type === 'image' ? 'errors.mediaImageType' : 'errors.mediaVideoType';
}

export function dataFileProblem(file: File): string | null {
  if (!/\.(csv|xlsx|txt)$/i.test(file.name)) return 'errors.dataFileType';
  if (file.size > BROADCAST_LIMITS.fileBytes) return 'errors.dataFileTooLarge';
  if (file.size === 0) return 'errors.fileEmpty';
  return null;
}

/** Step 1: title, channel, an accepted template of that channel, and header media if needed. */
export function detailsErrors(values: WizardValues, template: Template | null): WizardErrors {
  const errors: WizardErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = 'errors.titleRequired';
  else if (title.length > BROADCAST_LIMITS.titleMax) errors.title = 'errors.titleTooLong';
  if (!values.channelId) errors.channelId = 'errors.channelRequired';
  if (!template || template.channelId !== values.channelId)
    errors.templateId = 'errors.templateRequired';
  const media = headerMediaType(template);
  if (media) {
    if (values.mediaMode === 'upload') {
      if (!values.mediaFile) errors.media = 'errors.mediaRequired';
      else {
        const problem = mediaFileProblem(values.mediaFile, media);
        if (problem) errors.media = problem;
      }
    } else if (!/^https:\/\/[^\s/]+\.[^\s]+$/i.test(values.mediaLink.trim())) {
      errors.media = 'errors.mediaHttps';
    }
  }
  return errors;
}

/** Step 2: some data to check, and for groups a contact field for every template column. */
export function recipientsErrors(values: WizardValues, template: Template | null): WizardErrors {
  const errors: WizardErrors = {};
  if (values.dataMode === 'paste' && values.pasteText.trim() === '')
    errors.data = 'errors.pasteRequired';
  if (values.dataMode === 'file') {
    if (!values.dataFile) errors.data = 'errors.fileRequired';
    else {
      const problem = dataFileProblem(values.dataFile);
      if (problem) errors.data = problem;
    }
  }
  if (values.dataMode === 'groups') {
    if (values.groupIds.length === 0) errors.data = 'errors.groupsRequired';
    const columns = template ? templateColumns(template).filter((c) => c !== 'phone') : [];
    for (const column of columns)
      if (!values.fields[column]) errors[`fields.${column}`] = 'errors.fieldRequired';
  }
  return errors;
}

/** Step 3: a scheduled start must be a complete time in the future. */
export function scheduleError(values: WizardValues, now: Date): string | null {
  if (values.when === 'now') return null;
  const at = fromWallTime(values.scheduledAt);
  if (!at) return 'errors.scheduleRequired';
  return at.getTime() > now.getTime() ? null : 'errors.schedulePast';
}

/** The recipient source as the check endpoint takes it. */
export function sourceOf(
  values: WizardValues,
): RecipientSource | { type: 'file'; file: File } | null {
  if (values.dataMode === 'paste') return { type: 'text', text: values.pasteText };
  if (values.dataMode === 'file')
    return values.dataFile ? { type: 'file', file: values.dataFile } : null;
  return { type: 'groups', groupIds: values.groupIds, fields: values.fields };
}
