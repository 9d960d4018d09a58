import { describe, expect, it } from 'vitest';
import { paramCount, TEMPLATE_RULES, templateInputSchema } from './template-input.js';

const valid = {
  name: 'order_update',
  channelId: '7d0f5b8e-2c1a-4a57-9f43-3b8f4d7c9a11',
  category: 'UTILITY',
  language: 'id',
  content: 'Halo {{1}}, pesanan {{2}} sudah dikirim.',
  examples: { body: ['Rina', 'SP-1042'] },
};

/** The first message per field path, as a form shows it. */
function errors(value: unknown): Record<string, string> {
  const r = templateInputSchema.safeParse(value);
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('template input (§5, reference §2.6)', () => {
  it('accepts a valid template and fills defaults', () => {
    const r = templateInputSchema.parse(valid);
    expect(r).toMatchObject({
      headerType: null,
      footer: null,
      buttons: [],
      initiateMessage: false,
      examples: { body: ['Rina', 'SP-1042'], header: null },
    });
  });

  it.each([
    ['name', undefined, 'The name field is required'],
    ['name', '  ', 'The name field is required'],
    ['name', 'Order Update', TEMPLATE_RULES.nameFormat],
    ['name', 'order-update', TEMPLATE_RULES.nameFormat],
    ['name', 'a'.repeat(513), 'The name field may not be more than 512 characters'],
    ['channelId', '', 'The channel field is required'],
    ['category', undefined, 'The category field is required'],
    ['category', 'PROMO', 'The category field is required'],
    ['language', undefined, 'The language field is required'],
    ['language', 'xx', 'The language field is required'],
    ['content', '', 'The content field is required'],
    ['content', 'x'.repeat(1025), 'The content field may not be more than 1024 characters'],
    ['disclaimer', 'd'.repeat(513), 'The disclaimer field may not be more than 512 characters'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errors({ ...valid, [field]: value })[field]).toBe(message);
  });

  it('accepts a name of exactly 512 characters and content of exactly 1024', () => {
    expect(errors({ ...valid, name: 'a'.repeat(512) }).name).toBeUndefined();
    expect(errors({ ...valid, content: 'x'.repeat(1024), examples: { body: [] } })).toEqual({});
  });

  describe('header', () => {
    it('requires header text when the text header is on, at most 60 characters', () => {
      expect(errors({ ...valid, headerType: 'text', headerText: '' }).headerText).toBe(
        'The header text field is required',
      );
      expect(errors({ ...valid, headerType: 'text', headerText: 'h'.repeat(61) }).headerText).toBe(
        'The header text field may not be more than 60 characters',
      );
      expect(errors({ ...valid, headerType: 'text', headerText: 'h'.repeat(60) })).toEqual({});
    });

    it('allows one header parameter, with its example', () => {
      expect(
        errors({ ...valid, headerType: 'text', headerText: 'Hi {{1}} and {{2}}' }).headerText,
      ).toBe(TEMPLATE_RULES.headerVariables);
      expect(
        errors({ ...valid, headerType: 'text', headerText: 'Hi {{1}}' })['examples.header'],
      ).toBe('The header example field is required');
      const ok = templateInputSchema.parse({
        ...valid,
        headerType: 'text',
        headerText: 'Hi {{1}}',
        examples: { ...valid.examples, header: 'Rina' },
      });
      expect(ok.examples.header).toBe('Rina');
    });

    it('needs an https example for media headers and rejects unknown header types', () => {
      expect(errors({ ...valid, headerType: 'image' }).headerExampleUrl).toBe(
        'The header example field is required',
      );
      expect(
        errors({ ...valid, headerType: 'image', headerExampleUrl: 'http://x.test/a.png' })
          .headerExampleUrl,
      ).toBe(TEMPLATE_RULES.exampleUrl);
      // Shaped like a link, but no URL parser takes it: refused here, not at publish time.
      for (const bad of ['https://%zz/a.png', 'https://[x]/a.png'])
        expect(
          errors({ ...valid, headerType: 'image', headerExampleUrl: bad }).headerExampleUrl,
        ).toBe(TEMPLATE_RULES.exampleUrl);
      expect(errors({ ...valid, headerType: 'gif' }).headerType).toBe(
        'The header type field is required',
      );
    });

    it('drops header text and examples that belong to a header that is off', () => {
      const r = templateInputSchema.parse({
        ...valid,
        headerType: null,
        headerText: 'left over {{1}}',
        examples: { ...valid.examples, header: 'x' },
      });
      expect(r.headerText).toBeNull();
      expect(r.examples.header).toBeNull();
    });
  });

  it('requires the footer when it is on, at most 60 characters', () => {
    expect(errors({ ...valid, footer: ' ' }).footer).toBe('The footer field is required');
    expect(errors({ ...valid, footer: 'f'.repeat(61) }).footer).toBe(
      'The footer field may not be more than 60 characters',
    );
  });

  describe('content parameters', () => {
    it.each([
      ['Hi {{1}} and {{3}}.', TEMPLATE_RULES.paramsSequence],
      ['Hi {{name}}.', TEMPLATE_RULES.paramsSequence],
      ['Hi {{ 1 }}.', TEMPLATE_RULES.paramsSequence],
      ['{{1}} is here.', TEMPLATE_RULES.paramsAtEdge],
      ['Here is {{1}}', TEMPLATE_RULES.paramsAtEdge],
    ])('%j → %s', (content, message) => {
      expect(errors({ ...valid, content, examples: { body: ['a', 'b', 'c'] } }).content).toBe(
        message,
      );
    });

    it('needs one example per parameter', () => {
      expect(errors({ ...valid, examples: { body: ['Rina'] } })['examples.body.1']).toBe(
        'The example {{2}} field is required',
      );
    });

    it('keeps the body with its examples under 1024 characters', () => {
      const content = `A ${'x'.repeat(1000)} {{1}} end`;
      expect(errors({ ...valid, content, examples: { body: ['y'.repeat(30)] } }).content).toBe(
        TEMPLATE_RULES.filledTooLong,
      );
      expect(errors({ ...valid, content, examples: { body: ['y'.repeat(10)] } })).toEqual({});
    });

    it('drops examples of parameters no longer in the content', () => {
      const r = templateInputSchema.parse({ ...valid, examples: { body: ['a', 'b', 'c'] } });
      expect(r.examples.body).toEqual(['a', 'b']);
    });

    it('counts contiguous parameters', () => {
      expect(paramCount('a {{2}} b {{1}} c {{2}}')).toBe(2);
      expect(paramCount('none')).toBe(0);
      expect(paramCount('a {{2}} b')).toBeNull();
    });
  });

  describe('buttons', () => {
    const chat = { type: 'chat', label: 'Stop', code: 'STOP' };
    const link = { type: 'link', label: 'Track', url: 'https://sapa.test/track' };
    const call = { type: 'call', label: 'Call us', phone: '+62 811-0000-001' };

    it('accepts each kind, normalises the phone and groups quick replies first', () => {
      const r = templateInputSchema.parse({ ...valid, buttons: [link, call, chat] });
      expect(r.buttons.map((b) => b.type)).toEqual(['chat', 'link', 'call']);
      expect(r.buttons[2]).toEqual({ type: 'call', label: 'Call us', phone: '+628110000001' });
    });

    it.each([
      [{ ...chat, label: '' }, 'buttons.0.label', 'The button label field is required'],
      [
        { ...chat, label: 'l'.repeat(26) },
        'buttons.0.label',
        'The button label field may not be more than 25 characters',
      ],
      [
        { ...chat, code: 'c'.repeat(257) },
        'buttons.0.code',
        'The button code field may not be more than 256 characters',
      ],
      [{ ...link, url: 'http://sapa.test' }, 'buttons.0.url', TEMPLATE_RULES.httpsOnly],
      [{ ...link, url: '' }, 'buttons.0.url', 'The link field is required'],
      [{ ...link, url: 'https://x.test/track/{{1}}' }, 'buttons.0.url', TEMPLATE_RULES.linkParams],
      [
        { ...link, url: `https://x.test/${'a'.repeat(2000)}` },
        'buttons.0.url',
        'The link field may not be more than 2000 characters',
      ],
      [{ ...call, phone: '0811000001' }, 'buttons.0.phone', TEMPLATE_RULES.phoneFormat],
      [{ ...call, phone: '+0811000001' }, 'buttons.0.phone', TEMPLATE_RULES.phoneFormat],
    ])('%j → %s %s', (button, path, message) => {
      expect(errors({ ...valid, buttons: [button] })[path]).toBe(message);
    });

    it.each([
      [Array(11).fill(chat), TEMPLATE_RULES.tooManyButtons],
      [[link, link, link], TEMPLATE_RULES.tooManyLinks],
      [[call, call], TEMPLATE_RULES.tooManyCalls],
    ])('limits counts: %#', (buttons, message) => {
      expect(errors({ ...valid, buttons }).buttons).toBe(message);
    });
  });

  it('reports every broken field at once, even when a field has the wrong type', () => {
    const e = errors({
      ...valid,
      category: 'nope',
      footer: '',
      content: 'Hi {{1}} x',
      examples: { body: [] },
    });
    expect(Object.keys(e).sort()).toEqual(['category', 'examples.body.0', 'footer']);
  });
});
