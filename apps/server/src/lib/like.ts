/** Escapes LIKE/ILIKE wildcards so user text matches literally (PostgreSQL's default `\` escape). */
export function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, (c) => `\\${c}`);
}

/** `%text%` for a substring match of user text. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
