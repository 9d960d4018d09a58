import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES, type QuickReply } from '@sapa/contracts';
import type * as HttpModule from '../../../lib/http';
import { api } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { renderScreen } from '../../shared/test-utils';
import { makeMessage } from '../testFixtures';
import { Composer, type ComposerInput } from './Composer';

vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
// The real picker (emoji-picker-react) renders ~1,900 buttons without layout in jsdom; e2e
// clicks the real one. Here a stand-in proves the lazy panel is wired to the cursor.
vi.mock('./conversation/EmojiPickerPanel', () => ({
  EmojiPickerPanel: ({ onPick }: { onPick: (emoji: string) => void }) => (
    <button type="button" onClick={() => onPick('😀')}>
      grinning face
    </button>
  ),
}));
vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn() } };
});

const get = vi.mocked(api.get);

function input(): HTMLTextAreaElement {
  return screen.getByTestId('composer-input');
}

function sent(overrides: Partial<ComposerInput>): ComposerInput {
  return { text: '', file: null, media: null, replyTo: null, ...overrides };
}

function quickReply(shortcut: string, text: string, media: QuickReply['media'] = null): QuickReply {
  return { _id: `q-${shortcut}`, shortcut, text, media, divisionIds: [], createdAt: '' };
}

describe('Composer', () => {
  beforeEach(async () => {
    await setLanguage('en');
    vi.mocked(notifyError).mockReset();
    get.mockReset();
  });

  it('sends the trimmed text on Enter and clears the input', () => {
    const onSend = vi.fn();
    renderScreen(<Composer windowClosed={false} onSend={onSend} />);
    fireEvent.change(input(), { target: { value: '  Halo kak  ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith(sent({ text: 'Halo kak' }));
    expect(input().value).toBe('');
  });

  it('keeps Shift+Enter for a new line and does not send empty text', () => {
    const onSend = vi.fn();
    renderScreen(<Composer windowClosed={false} onSend={onSend} />);
    fireEvent.change(input(), { target: { value: 'Baris satu' } });
    const shiftEnter = fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    // Not prevented: the browser inserts the line break.
    expect(shiftEnter).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect((screen.getByTestId('composer-send') as HTMLButtonElement).disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does not send while an input method is composing a word', () => {
    const onSend = vi.fn();
    renderScreen(<Composer windowClosed={false} onSend={onSend} />);
    fireEvent.change(input(), { target: { value: 'にほん' } });
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends with the button too', () => {
    const onSend = vi.fn();
    renderScreen(<Composer windowClosed={false} onSend={onSend} />);
    fireEvent.change(input(), { target: { value: 'Siap' } });
    fireEvent.click(screen.getByTestId('composer-send'));
    expect(onSend).toHaveBeenCalledWith(sent({ text: 'Siap' }));
  });

  it('is disabled with the spec message once the 24-hour window has passed', () => {
    const onSend = vi.fn();
    renderScreen(<Composer windowClosed onSend={onSend} />);
    expect(screen.getByTestId('window-closed-notice').textContent).toContain(MESSAGES.windowClosed);
    expect(input().disabled).toBe(true);
    expect((screen.getByTestId('composer-send') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('composer-attach') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('composer-emoji') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('refuses a file over 1 MB before uploading, and sends a smaller one', () => {
    const onSend = vi.fn();
    const { container } = renderScreen(<Composer windowClosed={false} onSend={onSend} />);
    const picker = container.ownerDocument.querySelector<HTMLInputElement>('input[type=file]');
    if (!picker) throw new Error('no file input');

    const big = new File([new Uint8Array(1_048_577)], 'big.png', { type: 'image/png' });
    fireEvent.change(picker, { target: { files: [big] } });
    expect(notifyError).toHaveBeenCalledWith(
      'The file is larger than 1 MB. Please choose a smaller file.',
    );
    expect(screen.queryByTestId('composer-file')).toBeNull();

    const empty = new File([], 'empty.txt', { type: 'text/plain' });
    fireEvent.change(picker, { target: { files: [empty] } });
    expect(notifyError).toHaveBeenLastCalledWith('This file is empty.');

    const small = new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' });
    fireEvent.change(picker, { target: { files: [small] } });
    expect(screen.getByTestId('composer-file').textContent).toContain('invoice.pdf');
    expect(screen.getByTestId('composer-file-kind').textContent).toBe('Document');
    fireEvent.click(screen.getByTestId('composer-send'));
    expect(onSend).toHaveBeenCalledWith(sent({ file: small }));
  });

  it('takes a pasted photo as the attachment', () => {
    renderScreen(<Composer windowClosed={false} onSend={vi.fn()} />);
    const photo = new File(['png'], 'screenshot.png', { type: 'image/png' });
    fireEvent.paste(input(), { clipboardData: { files: [photo] } });
    expect(screen.getByTestId('composer-file-kind').textContent).toBe('Photo');
  });

  describe('quick replies', () => {
    const replies = [
      quickReply('salam', 'Selamat pagi kak, ada yang bisa kami bantu?'),
      quickReply('ongkir', 'Ongkir gratis untuk pembelian di atas Rp 100.000'),
      quickReply('katalog', 'Ini katalog terbaru kami', {
        _id: '7f0c1a52-7d3e-4d4b-9c36-3f7b2b1c9d10',
        mimeType: 'application/pdf',
        filename: 'katalog.pdf',
      }),
    ];

    beforeEach(() => {
      get.mockImplementation(async (path: string) => {
        if (path === 'quick-reply') return { data: replies };
        throw new Error(`unexpected ${path}`);
      });
    });

    it('open on "/" at the start, filter as you type, and insert with the keyboard', async () => {
      const onSend = vi.fn();
      renderScreen(<Composer windowClosed={false} onSend={onSend} />);
      fireEvent.change(input(), { target: { value: '/' } });
      await waitFor(() => expect(screen.getAllByTestId('quick-reply-option')).toHaveLength(3));
      expect(get).toHaveBeenCalledWith(
        'quick-reply',
        expect.objectContaining({ params: { perpage: 999 } }),
      );

      fireEvent.change(input(), { target: { value: '/ong' } });
      const options = screen.getAllByTestId('quick-reply-option');
      expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('/ongkir')]);

      fireEvent.change(input(), { target: { value: '/' } });
      // Sorted by shortcut: katalog, ongkir, salam. Down twice, Up once → ongkir.
      fireEvent.keyDown(input(), { key: 'ArrowDown' });
      fireEvent.keyDown(input(), { key: 'ArrowDown' });
      fireEvent.keyDown(input(), { key: 'ArrowUp' });
      const active = screen
        .getAllByTestId('quick-reply-option')
        .find((o) => o.getAttribute('aria-selected') === 'true');
      expect(active?.textContent).toContain('/ongkir');
      expect(input().getAttribute('aria-activedescendant')).toBe(active?.id);

      fireEvent.keyDown(input(), { key: 'Enter' });
      expect(input().value).toBe('Ongkir gratis untuk pembelian di atas Rp 100.000');
      expect(screen.queryByTestId('quick-replies')).toBeNull();
      // Enter chose the reply; it did not send it.
      expect(onSend).not.toHaveBeenCalled();
      fireEvent.keyDown(input(), { key: 'Enter' });
      expect(onSend).toHaveBeenCalledWith(
        sent({ text: 'Ongkir gratis untuk pembelian di atas Rp 100.000' }),
      );
    });

    it('attach the reply file, sent by its stored id', async () => {
      const onSend = vi.fn();
      renderScreen(<Composer windowClosed={false} onSend={onSend} />);
      fireEvent.change(input(), { target: { value: '/kat' } });
      fireEvent.click(await screen.findByText('/katalog'));
      expect(screen.getByTestId('composer-file').textContent).toContain('katalog.pdf');
      fireEvent.click(screen.getByTestId('composer-send'));
      expect(onSend).toHaveBeenCalledWith(
        sent({ text: 'Ini katalog terbaru kami', media: replies[2]?.media ?? null }),
      );
    });

    it('close on Esc and say when nothing matches', async () => {
      renderScreen(<Composer windowClosed={false} onSend={vi.fn()} />);
      fireEvent.change(input(), { target: { value: '/zzz' } });
      expect((await screen.findByTestId('quick-replies-empty')).textContent).toContain('/zzz');
      fireEvent.keyDown(input(), { key: 'Escape' });
      expect(screen.queryByTestId('quick-replies')).toBeNull();
      // Typing on opens them again.
      fireEvent.change(input(), { target: { value: '/s' } });
      expect(await screen.findByTestId('quick-replies')).toBeTruthy();
    });

    it('stay closed for a slash later in the text', () => {
      renderScreen(<Composer windowClosed={false} onSend={vi.fn()} />);
      fireEvent.change(input(), { target: { value: 'harga 10/20' } });
      expect(screen.queryByTestId('quick-replies')).toBeNull();
      expect(get).not.toHaveBeenCalled();
    });
  });

  it('sends a reply with its quote, and Esc cancels the reply', () => {
    const onSend = vi.fn();
    const onCancelReply = vi.fn();
    const quoted = makeMessage({ _id: '55', text: 'Ukuran M ada?' });
    renderScreen(
      <Composer
        windowClosed={false}
        onSend={onSend}
        replyTo={quoted}
        onCancelReply={onCancelReply}
        customerName="Budi"
      />,
    );
    expect(screen.getByTestId('composer-reply').textContent).toContain('Replying to Budi');
    expect(screen.getByTestId('composer-reply').textContent).toContain('Ukuran M ada?');
    fireEvent.change(input(), { target: { value: 'Ada kak' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith(sent({ text: 'Ada kak', replyTo: quoted }));
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(onCancelReply).toHaveBeenCalled();
  });

  it('opens the emoji picker lazily and inserts the emoji at the cursor', async () => {
    renderScreen(<Composer windowClosed={false} onSend={vi.fn()} />);
    fireEvent.change(input(), { target: { value: 'Halo kak' } });
    input().setSelectionRange(4, 4);
    fireEvent.select(input());
    fireEvent.click(screen.getByTestId('composer-emoji'));
    fireEvent.click(await screen.findByText('grinning face'));
    expect(input().value).toBe('Halo😀 kak');
    // The picker stays open for a second emoji, which lands after the first.
    fireEvent.click(screen.getByText('grinning face'));
    expect(input().value).toBe('Halo😀😀 kak');
  });
});
