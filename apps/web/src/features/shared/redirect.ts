/**
 * The `from=` a guard put on /login, if it is a path inside this app. Anything else (absolute
 * URLs, protocol-relative `//host`, back to the auth pages) falls back to home so a crafted link
 * cannot send a person to another site after they sign in.
 */
export function safeRedirect(from: string | null | undefined, fallback = '/'): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return fallback;
  }
  if (from === '/login' || from.startsWith('/login/') || from.startsWith('/login?'))
    return fallback;
  return from;
}
