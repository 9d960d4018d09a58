import { describe, expect, it } from 'vitest';
import type { SandboxTemplate } from './book.js';
import { renderTemplate } from './render.js';

const template: SandboxTemplate = {
  id: '1',
  wabaId: 'w',
  name: 'shipping_notice',
  language: 'en_US',
  category: 'UTILITY',
  status: 'APPROVED',
  rejectedReason: 'NONE',
  createdAt: 0,
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
    { type: 'BODY', text: 'Hi {{1}}, it ships {{2}}. Thanks, {{1}}!' },
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Stop' },
        { type: 'URL', text: 'Track', url: 'https://x.example/{{1}}' },
      ],
    },
  ],
};

describe('renderTemplate', () => {
  it("fills the approved text with the send's parameters, as the customer's phone shows it", () => {
    const view = renderTemplate(template, {
      components: [
        { type: 'header', parameters: [{ type: 'text', text: '#9' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: 'today' },
          ],
        },
      ],
    });
    expect(view).toEqual({
      header: 'Order #9',
      body: 'Hi Ana, it ships today. Thanks, Ana!',
      footer: 'Reply STOP to opt out',
      buttons: [
        { type: 'QUICK_REPLY', label: 'Stop' },
        { type: 'URL', label: 'Track' },
      ],
    });
  });

  it('leaves a placeholder it has no value for, and has no header for a media header', () => {
    const media: SandboxTemplate = {
      ...template,
      components: [
        { type: 'HEADER', format: 'IMAGE' },
        { type: 'BODY', text: 'Hi {{1}} and {{2}}' },
      ],
    };
    const view = renderTemplate(media, {
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }],
    });
    expect(view).toMatchObject({ header: null, body: 'Hi Ana and {{2}}', footer: null });
  });
});
