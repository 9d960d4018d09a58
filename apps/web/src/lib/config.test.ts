import { describe, expect, it } from 'vitest';
import { readSupportEmail, SUPPORT_EMAIL } from './config';

describe('readSupportEmail', () => {
  it('uses VITE_SUPPORT_EMAIL when the deployment sets it', () => {
    expect(readSupportEmail({ VITE_SUPPORT_EMAIL: 'halo@toko.id' })).toBe('halo@toko.id');
    expect(readSupportEmail({ VITE_SUPPORT_EMAIL: '  halo@toko.id ' })).toBe('halo@toko.id');
  });

  it('falls back to support@sapa.id when it is unset or blank', () => {
    expect(readSupportEmail({})).toBe('support@sapa.id');
    expect(readSupportEmail({ VITE_SUPPORT_EMAIL: '' })).toBe('support@sapa.id');
    expect(readSupportEmail({ VITE_SUPPORT_EMAIL: '   ' })).toBe('support@sapa.id');
  });

  it('is what the app reads (no override in tests)', () => {
    expect(SUPPORT_EMAIL).toBe('support@sapa.id');
  });
});
