import { afterEach, describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, MESSAGES } from '@sapa/contracts';
import { i18n } from '../../lib/i18n';
import { HttpError } from '../../lib/http';
import { broadcastError, translateBroadcastText } from './reasons';

afterEach(() => i18n.changeLanguage('en'));

describe('server sentences in the UI language', () => {
  it('translates row reasons with their values', async () => {
    await i18n.changeLanguage('id');
    expect(translateBroadcastText('The param2 value has trailing spaces')).toBe(
      'Nilai param2 diakhiri spasi',
    );
    expect(translateBroadcastText('Duplicate phone number (same as row 12)')).toBe(
      'Nomor telepon ganda (sama dengan baris 12)',
    );
    expect(translateBroadcastText(BROADCAST_MESSAGES.phoneColumnLowercase)).toBe(
      'Kolom phone harus ditulis dengan huruf kecil: phone',
    );
    expect(translateBroadcastText('Add the header image this template needs')).toBe(
      'Tambahkan gambar header yang dibutuhkan template ini',
    );
  });

  it("passes the spec's messages to the shared translator, and keeps English as sent", () => {
    expect(translateBroadcastText('Invalid phone number')).toBe('Invalid phone number');
    expect(
      broadcastError(new HttpError({ status: 402, message: MESSAGES.insufficientBalance })),
    ).toBe('Insufficient Balance');
  });
});
