import { describe, expect, it } from 'vitest';
import { attachmentKind, checkAttachment, optimisticMessage } from './attachments';
import { makeChat, makeMessage } from './testFixtures';

const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('attachments (spec §5: JPG/JPEG/PNG images, MP4/OGG video, any document, 1 MB)', () => {
  it('sorts files the way the server will', () => {
    expect(attachmentKind(file('a.jpg', 'image/jpeg'))).toBe('image');
    expect(attachmentKind(file('a.png', 'image/png'))).toBe('image');
    expect(attachmentKind(file('a.JPEG', ''))).toBe('image');
    expect(attachmentKind(file('a.mp4', 'video/mp4'))).toBe('video');
    expect(attachmentKind(file('a.ogg', 'video/ogg'))).toBe('video');
    // Other images and videos travel as documents.
    expect(attachmentKind(file('a.gif', 'image/gif'))).toBe('document');
    expect(attachmentKind(file('a.mov', 'video/quicktime'))).toBe('document');
    expect(attachmentKind(file('a.pdf', 'application/pdf'))).toBe('document');
  });

  it('accepts up to 1 MB and refuses more, or nothing', () => {
    expect(checkAttachment(file('a.pdf', 'application/pdf', 1_048_576))).toEqual({
      ok: true,
      kind: 'document',
    });
    expect(checkAttachment(file('a.png', 'image/png', 1_048_577))).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
    expect(checkAttachment(file('a.png', 'image/png', 0))).toEqual({
      ok: false,
      reason: 'empty',
    });
  });

  it('shows a queued bubble with the quote and the quick reply file at once', () => {
    const quoted = makeMessage({ _id: '55', text: 'Ukuran M ada?' });
    const bubble = optimisticMessage(makeChat(), {
      text: 'Ada kak',
      generatedId: 'g-1',
      media: { _id: 'm-1', mimeType: 'image/png', filename: 'katalog.png' },
      replyTo: quoted,
    });
    expect(bubble).toMatchObject({
      _id: 'local:g-1',
      status: 'queue',
      msgType: 'image',
      attachmentName: 'katalog.png',
      replyTo: { _id: '55', text: 'Ukuran M ada?', msgType: 'text', fromMe: false },
    });
  });
});
