import { describe, expect, it } from 'vitest';
import { readWebhookJson, stripNulDeep } from './strip-nul.js';

const read = (json: string) => readWebhookJson(Buffer.from(json, 'utf8'));

describe('webhook JSON without NULs', () => {
  it('removes NUL from every string and key, at any depth, and keeps the rest', () => {
    expect(read('{"a\\u0000b":["x\\u0000y",{"c":"\\u0000"}],"n":1,"t":true,"z":null}')).toEqual({
      ab: ['xy', { c: '' }],
      n: 1,
      t: true,
      z: null,
    });
  });

  it('returns a body without the escape as parsed', () => {
    const json = '{"text":{"body":"Halo \\\\u0000 kak"},"k":"v"}';
    // An escaped backslash before u0000 is not a NUL: walked, but nothing is removed.
    expect(read(json)).toEqual(JSON.parse(json));
    expect(read('{"k":"v"}')).toEqual({ k: 'v' });
  });

  it('keeps a "__proto__" key a plain key', () => {
    const out = read('{"__proto__":{"polluted":"y\\u0000es"}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves other values alone', () => {
    expect(stripNulDeep(42)).toBe(42);
    expect(stripNulDeep(null)).toBe(null);
  });
});
