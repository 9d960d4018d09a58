import { createHmac } from 'node:crypto';

/**
 * Serialises like Meta's webhook sender: every non-ASCII UTF-16 unit as a lowercase \uXXXX escape
 * (emoji become surrogate pairs) and '/' as '\/'. Receivers must verify the signature over these
 * exact bytes, not over a re-serialisation of the parsed JSON.
 */
export function metaJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/');
}

export function signSha256(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function signSha1(body: string | Buffer, secret: string): string {
  return `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`;
}
