import { describe, expect, it } from 'vitest';
import type { Template } from '@sapa/contracts';
import {
  EMPTY_WIZARD,
  dataFileProblem,
  detailsErrors,
  mediaFileProblem,
  recipientsErrors,
  scheduleError,
  sourceOf,
  type WizardValues,
} from './wizard-model';

const CHANNEL = '11111111-1111-4111-8111-111111111111';

function template(overrides: Partial<Template> = {}): Template {
  return {
    _id: 't1',
    name: 'promo',
    channel: 'whatsapp',
    channelId: CHANNEL,
    channelName: 'WhatsApp',
    category: 'MARKETING',
    language: 'id',
    initiateMessage: false,
    headerType: null,
    headerText: null,
    headerExampleUrl: null,
    headerExampleMediaId: null,
    headerExampleFilename: null,
    footer: null,
    content: 'Halo {{1}}, tagihan {{2}}',
    examples: { body: ['Budi', 'INV'], header: null },
    buttons: [],
    disclaimer: null,
    status: 'accepted',
    templateId: 'meta-1',
    rejectionReason: null,
    isWelcome: false,
    bodyParamCount: 2,
    headerParam: false,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const values = (v: Partial<WizardValues>): WizardValues => ({
  ...EMPTY_WIZARD,
  title: 'Promo',
  channelId: CHANNEL,
  templateId: 't1',
  ...v,
});

const file = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type });

describe('step 1: details', () => {
  it('passes a titled broadcast with a template of the chosen channel', () => {
    expect(detailsErrors(values({}), template())).toEqual({});
  });

  it('requires a title of at most 60 characters, a channel and a template of that channel', () => {
    expect(detailsErrors(values({ title: '  ' }), template())).toEqual({
      title: 'errors.titleRequired',
    });
    expect(detailsErrors(values({ title: 'x'.repeat(61) }), template()).title).toBe(
      'errors.titleTooLong',
    );
    expect(detailsErrors(values({ channelId: null }), null)).toEqual({
      channelId: 'errors.channelRequired',
      templateId: 'errors.templateRequired',
    });
    expect(
      detailsErrors(values({}), template({ channelId: '22222222-2222-4222-8222-222222222222' }))
        .templateId,
    ).toBe('errors.templateRequired');
  });

  it('asks for the header media an image template needs: JPG/PNG up to 1 MB, or an https link', () => {
    const image = template({ headerType: 'image' });
    expect(detailsErrors(values({}), image).media).toBe('errors.mediaRequired');
    expect(detailsErrors(values({ mediaFile: file('a.gif', 'image/gif', 10) }), image).media).toBe(
      'errors.mediaImageType',
    );
    expect(
      detailsErrors(values({ mediaFile: file('a.png', 'image/png', 1_048_577) }), image).media,
    ).toBe('errors.mediaTooLarge');
    expect(detailsErrors(values({ mediaFile: file('a.jpg', 'image/jpeg', 10) }), image)).toEqual(
      {},
    );
    expect(
      detailsErrors(values({ mediaMode: 'link', mediaLink: 'http://x.com/a.png' }), image).media,
    ).toBe('errors.mediaHttps');
    expect(
      detailsErrors(values({ mediaMode: 'link', mediaLink: 'https://cdn.x.com/a.png' }), image),
    ).toEqual({});
  });

  it('takes MP4/OGG for video and any document', () => {
    expect(mediaFileProblem(file('a.mov', 'video/quicktime', 10), 'video')).toBe(
      'errors.mediaVideoType',
    );
    expect(mediaFileProblem(file('a.ogg', 'video/ogg', 10), 'video')).toBeNull();
    expect(mediaFileProblem(file('a.zip', 'application/zip', 10), 'document')).toBeNull();
  });
});

describe('step 2: recipients', () => {
  it('needs pasted text, a CSV/XLSX file, or groups with a field for each parameter', () => {
    const t = template();
    expect(recipientsErrors(values({ pasteText: '  ' }), t)).toEqual({
      data: 'errors.pasteRequired',
    });
    expect(recipientsErrors(values({ pasteText: 'phone,param1,param2' }), t)).toEqual({});
    expect(recipientsErrors(values({ dataMode: 'file' }), t)).toEqual({
      data: 'errors.fileRequired',
    });
    expect(dataFileProblem(file('a.pdf', 'application/pdf', 10))).toBe('errors.dataFileType');
    expect(
      recipientsErrors(
        values({ dataMode: 'groups', groupIds: ['g'], fields: { param1: 'name' } }),
        t,
      ),
    ).toEqual({ 'fields.param2': 'errors.fieldRequired' });
    expect(recipientsErrors(values({ dataMode: 'groups' }), t).data).toBe('errors.groupsRequired');
  });

  it('builds the source the check endpoint takes', () => {
    expect(sourceOf(values({ pasteText: 'phone' }))).toEqual({ type: 'text', text: 'phone' });
    expect(sourceOf(values({ dataMode: 'groups', groupIds: ['g'] }))).toEqual({
      type: 'groups',
      groupIds: ['g'],
      fields: {},
    });
    expect(sourceOf(values({ dataMode: 'file' }))).toBeNull();
  });
});

describe('step 3: schedule', () => {
  // Noon in Jakarta, the account's zone, whatever zone the browser is in.
  const now = new Date('2026-01-01T05:00:00Z');
  it('sends now without a time, and needs a future time when scheduled', () => {
    expect(scheduleError(values({ when: 'now' }), now)).toBeNull();
    expect(scheduleError(values({ when: 'later', scheduledAt: '' }), now)).toBe(
      'errors.scheduleRequired',
    );
    expect(scheduleError(values({ when: 'later', scheduledAt: '2026-01-01 11:59:00' }), now)).toBe(
      'errors.schedulePast',
    );
    expect(
      scheduleError(values({ when: 'later', scheduledAt: '2026-01-01 12:30:00' }), now),
    ).toBeNull();
  });
});
