import { describe, expect, it } from 'vitest';
import { signMetaBody, verifyMetaSignature } from './meta-signature.js';

const SECRET = 'app-secret';

describe('verifyMetaSignature', () => {
  const raw = Buffer.from('{"object":"whatsapp_business_account","entry":[{"text":"Hal\\u00f3"}]}');

  it('accepts the HMAC-SHA256 of the raw bytes', () => {
    expect(verifyMetaSignature(raw, signMetaBody(raw, SECRET), SECRET)).toBe(true);
  });

  it('rejects a wrong secret, a missing header, a malformed header', () => {
    expect(verifyMetaSignature(raw, signMetaBody(raw, 'other'), SECRET)).toBe(false);
    expect(verifyMetaSignature(raw, undefined, SECRET)).toBe(false);
    expect(verifyMetaSignature(raw, 'sha1=abc', SECRET)).toBe(false);
    expect(verifyMetaSignature(raw, 'sha256=zz', SECRET)).toBe(false);
  });

  it('rejects the same JSON re-serialised (Meta signs its escaped form)', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString())));
    expect(reserialised.equals(raw)).toBe(false);
    expect(verifyMetaSignature(reserialised, signMetaBody(raw, SECRET), SECRET)).toBe(false);
  });
});
