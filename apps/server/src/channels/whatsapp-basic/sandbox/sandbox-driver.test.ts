import { describe, expect, it } from 'vitest';
import { connectorContract } from '../connector.contract.js';
import { sandboxHarness } from './harness.js';
import { closeReasonOf } from './neutral.js';

describe('connector contract: sandbox driver', () => {
  connectorContract(() => sandboxHarness());
});

describe('sandbox driver: close reasons', () => {
  it('maps the sandbox close names and codes, and a vanished socket', () => {
    expect(closeReasonOf(4515, 'restart_required')).toBe('restart_required');
    expect(closeReasonOf(4401, '')).toBe('logged_out');
    expect(closeReasonOf(4408, 'qr_expired')).toBe('qr_expired');
    expect(closeReasonOf(4440, 'connection_replaced')).toBe('connection_replaced');
    expect(closeReasonOf(1006, '')).toBe('connection_lost');
    expect(closeReasonOf(4999, 'what')).toBe('unknown');
  });
});
