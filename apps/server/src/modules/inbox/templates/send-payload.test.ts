import { describe, expect, it } from 'vitest';
import type { SentTemplatePayload } from '@sapa/contracts';
import { templateSendOf } from './send-payload.js';

const stored: SentTemplatePayload = {
  id: 't1',
  name: 'invoice_ready',
  language: 'en_US',
  params: ['Ana', 'INV-7'],
  headerType: 'document',
  headerParam: null,
  headerText: null,
  headerMediaUrl: 'https://files.example.com/invoices/INV%207.pdf',
  footer: null,
  buttons: [],
};

describe('templateSendOf', () => {
  it('is null for a message that was not a template', () => {
    expect(templateSendOf({})).toBeNull();
    expect(templateSendOf({ providerMediaId: 'm1' })).toBeNull();
  });

  it('rebuilds the send with the document link and its file name', () => {
    expect(templateSendOf({ template: stored })).toEqual({
      name: 'invoice_ready',
      language: 'en_US',
      bodyParams: ['Ana', 'INV-7'],
      headerText: null,
      headerMedia: {
        type: 'document',
        link: 'https://files.example.com/invoices/INV%207.pdf',
        filename: 'INV 7.pdf',
      },
    });
  });

  it('sends a text header parameter only for text headers', () => {
    const header = {
      ...stored,
      headerType: 'text' as const,
      headerParam: 'May',
      headerMediaUrl: null,
    };
    expect(templateSendOf({ template: header })).toMatchObject({
      headerText: 'May',
      headerMedia: null,
    });
  });
});
