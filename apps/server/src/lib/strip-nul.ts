/**
 * A copy of parsed JSON with every U+0000 removed from its strings and keys. PostgreSQL stores
 * NUL in neither `text` nor `jsonb`, and a provider's webhook is not ours to refuse (a non-2xx
 * makes it redeliver the whole batch), so its NULs go and the rest is kept.
 */
export function stripNulDeep(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(stripNulDeep);
  if (value && typeof value === 'object') {
    // fromEntries defines own properties, so a "__proto__" key stays a plain key.
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k.replaceAll('\u0000', ''), stripNulDeep(v)]),
    );
  }
  return value;
}

/**
 * A signed webhook's JSON with its NULs removed (the signature covers the raw bytes, checked
 * before). JSON can only spell U+0000 as the escape `\u0000`, so bodies without it, nearly all,
 * skip the walk.
 */
export function readWebhookJson(raw: Buffer): unknown {
  const json = raw.toString('utf8');
  const parsed: unknown = JSON.parse(json);
  return json.includes('\\u0000') ? stripNulDeep(parsed) : parsed;
}
