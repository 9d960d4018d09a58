import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@sapa/contracts';
import { setLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { renderScreen } from '../../shared/test-utils';
import { Composer } from './Composer';

vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

function input(): HTMLTextAreaElement {
  return screen.getByTestId('composer-input');
}

describe('Composer', () => {
  beforeEach(async () => {
    await setLanguage('en');
    vi.mocked(notifyError).mockReset();
  });

  it('sends the trimmed text on Enter and clears the input', () => {
    const onSend = vi.fn();
    renderScreen(<Composer windowClosed={false} onSend={onSend} />);
    fireEvent.change(input(), { target: { value: '  Halo kak  ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith({ text: 'Halo kak', file: null });
    expect(input().value).toBe('');
  });

  it('keeps Shift+Enter for a new line and does not send empty text', () => {
    const onSend = vi.fn();
    renderScreen(<Composer windowClosed={false} onSend={onSend} />);
    fireEvent.change(input(), { target: { value: 'Baris satu' } });
    const shiftEnter = fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    // Not prevented: the browser inserts the line break.
    expect(shiftEnter).toBe(true);
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect((screen.getByTestId('composer-send') as HTMLButtonElement).disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends with the button too', () => {
    const onSend = vi.fn();
    renderScreen(<Composer windowClosed={false} onSend={onSend} />);
    fireEvent.change(input(), { target: { value: 'Siap' } });
    fireEvent.click(screen.getByTestId('composer-send'));
    expect(onSend).toHaveBeenCalledWith({ text: 'Siap', file: null });
  });

  it('is disabled with the spec message once the 24-hour window has passed', () => {
    const onSend = vi.fn();
    renderScreen(<Composer windowClosed onSend={onSend} />);
    expect(screen.getByTestId('window-closed-notice').textContent).toContain(MESSAGES.windowClosed);
    expect(input().disabled).toBe(true);
    expect((screen.getByTestId('composer-send') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('composer-attach') as HTMLButtonElement).disabled).toBe(true);
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

    const small = new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' });
    fireEvent.change(picker, { target: { files: [small] } });
    expect(screen.getByTestId('composer-file').textContent).toContain('invoice.pdf');
    fireEvent.click(screen.getByTestId('composer-send'));
    expect(onSend).toHaveBeenCalledWith({ text: '', file: small });
  });
});
