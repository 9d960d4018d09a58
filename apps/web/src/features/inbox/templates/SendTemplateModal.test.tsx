import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Template } from '@sapa/contracts';
import type * as HttpModule from '../../../lib/http';
import { api } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { SendTemplateModal } from './SendTemplateModal';
import type { TemplateValues } from './values';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn() } };
});
const get = vi.mocked(api.get);

function template(overrides: Partial<Template> = {}): Template {
  return {
    _id: 'tpl-1',
    name: 'order_shipped',
    channel: 'whatsapp',
    channelId: 'ch-1',
    channelName: 'WhatsApp',
    category: 'UTILITY',
    language: 'id',
    initiateMessage: false,
    headerType: null,
    headerText: null,
    headerExampleUrl: null,
    headerExampleMediaId: null,
    headerExampleFilename: null,
    footer: 'Toko Sari',
    content: 'Halo {{1}}, pesanan *{{2}}* sudah dikirim.',
    examples: { body: ['Budi', 'INV-1'], header: null },
    buttons: [{ type: 'chat', label: 'Terima kasih', code: 'thanks' }],
    disclaimer: null,
    status: 'accepted',
    templateId: '123',
    rejectionReason: null,
    isWelcome: false,
    bodyParamCount: 2,
    headerParam: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const chat = { _id: '8f9f3f44-2d2e-4a53-9d4c-1d0f7e0b8a11', name: 'Budi', identifier: '62812' };

function open(
  templates: Template[],
  {
    onSend = vi.fn(async (_t: Template, _v: TemplateValues) => undefined),
    canManage = true,
  }: {
    onSend?: Mock<(t: Template, v: TemplateValues) => Promise<void>>;
    canManage?: boolean;
  } = {},
) {
  get.mockResolvedValue({ data: templates });
  const onClose = vi.fn();
  renderScreen(
    <SendTemplateModal
      chat={chat}
      opened
      onClose={onClose}
      canManage={canManage}
      onSend={onSend}
    />,
  );
  return { onSend, onClose };
}

describe('SendTemplateModal', () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
  });

  it("lists the chat's templates and filters them by name or words", async () => {
    open([template(), template({ _id: 'tpl-2', name: 'promo_may', content: 'Diskon {{1}}' })]);
    expect(await screen.findAllByTestId('template-option')).toHaveLength(2);
    expect(get).toHaveBeenCalledWith(`chats/${chat._id}/templates`, expect.anything());
    fireEvent.change(screen.getByTestId('templates-search'), { target: { value: 'diskon' } });
    const options = screen.getAllByTestId('template-option');
    expect(options).toHaveLength(1);
    expect(options[0]?.getAttribute('data-name')).toBe('promo_may');
    fireEvent.change(screen.getByTestId('templates-search'), { target: { value: 'zzz' } });
    expect(screen.getByText('No template matches “zzz”')).toBeTruthy();
  });

  it('puts the welcome template (hsm/welcome) first, marked as the one that opens conversations', async () => {
    open([
      template(),
      template({ _id: 'tpl-2', name: 'reopen_chat', content: 'Halo lagi', isWelcome: true }),
    ]);
    const options = await screen.findAllByTestId('template-option');
    expect(options.map((o) => o.getAttribute('data-name'))).toEqual([
      'reopen_chat',
      'order_shipped',
    ]);
    expect(within(options[0]!).getByTestId('template-welcome').textContent).toBe(
      'Opens conversations',
    );
    expect(within(options[1]!).queryByTestId('template-welcome')).toBeNull();
  });

  it('asks one value per {{n}}, refuses to send them empty, and previews what is typed', async () => {
    const { onSend } = open([template()]);
    fireEvent.click(await screen.findByTestId('template-option'));
    expect(screen.getByLabelText(/Value 1/).getAttribute('placeholder')).toBe('e.g. Budi');
    expect(screen.getByLabelText(/Value 2/)).toBeTruthy();
    expect(screen.queryByLabelText(/Value 3/)).toBeNull();
    const preview = screen.getByTestId('template-preview');
    expect(within(preview).getAllByTestId('preview-placeholder')).toHaveLength(2);

    fireEvent.click(screen.getByTestId('template-send'));
    expect(await screen.findByText('Value 1 is required')).toBeTruthy();
    expect(screen.getByText('Value 2 is required')).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Value 1/), { target: { value: 'Sari' } });
    fireEvent.change(screen.getByLabelText(/Value 2/), { target: { value: 'INV-42' } });
    expect(screen.queryByText('Value 1 is required')).toBeNull();
    expect(within(preview).queryByTestId('preview-placeholder')).toBeNull();
    expect(within(preview).getByTestId('preview-body').textContent).toContain(
      'Halo Sari, pesanan INV-42 sudah dikirim.',
    );
    // WhatsApp's *bold* is drawn as the phone will.
    expect(within(preview).getByText('INV-42').tagName).toBe('STRONG');
    expect(within(preview).getByText('Toko Sari')).toBeTruthy();
    expect(within(preview).getByText('Terima kasih')).toBeTruthy();

    fireEvent.click(screen.getByTestId('template-send'));
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend.mock.calls[0]?.[1]).toEqual({
      params: ['Sari', 'INV-42'],
      headerParam: '',
      headerMediaUrl: '',
    });
  });

  it("refuses Meta's forbidden characters before sending", async () => {
    const { onSend } = open([template()]);
    fireEvent.click(await screen.findByTestId('template-option'));
    fireEvent.change(screen.getByLabelText(/Value 1/), { target: { value: 'a\tb' } });
    fireEvent.change(screen.getByLabelText(/Value 2/), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('template-send'));
    expect(
      await screen.findByText(
        'Value 1 cannot contain line breaks, tabs or more than 4 spaces in a row',
      ),
    ).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('asks for an https media link when the header is an image', async () => {
    const { onSend } = open([
      template({ headerType: 'image', content: 'Katalog baru kami', bodyParamCount: 0 }),
    ]);
    fireEvent.click(await screen.findByTestId('template-option'));
    const link = screen.getByLabelText(/Image link/);
    fireEvent.change(link, { target: { value: 'http://cdn.example.com/a.png' } });
    fireEvent.blur(link);
    expect(await screen.findByText('Use a link that starts with https://')).toBeTruthy();
    fireEvent.change(link, { target: { value: 'https://cdn.example.com/a.png' } });
    fireEvent.click(screen.getByTestId('template-send'));
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
  });

  it('shows why the server refused, and keeps the values', async () => {
    const onSend = vi.fn(async (_t: Template, _v: TemplateValues): Promise<void> => {
      throw new Error('Insufficient Balance');
    });
    open([template({ content: 'Halo', bodyParamCount: 0 })], { onSend });
    fireEvent.click(await screen.findByTestId('template-option'));
    expect(screen.getByTestId('template-no-params')).toBeTruthy();
    fireEvent.click(screen.getByTestId('template-send'));
    expect((await screen.findByTestId('template-send-error')).textContent).toContain(
      'Insufficient Balance',
    );
    expect(screen.getByTestId('template-send')).toBeTruthy();
  });

  it('with no approved template, links managers to the template page and tells agents whom to ask', async () => {
    open([]);
    expect((await screen.findByTestId('templates-empty')).textContent).toContain(
      'No approved templates yet',
    );
    expect(screen.getByTestId('templates-create').getAttribute('href')).toBe('/broadcast/template');
  });

  it('tells agents whom to ask, in Indonesian too', async () => {
    await setLanguage('id');
    open([], { canManage: false });
    expect((await screen.findByTestId('templates-empty')).textContent).toContain(
      'Minta admin atau supervisor',
    );
    expect(screen.queryByTestId('templates-create')).toBeNull();
  });
});
