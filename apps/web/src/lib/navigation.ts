type Navigator = (to: string) => void | Promise<void>;

let navigator: Navigator | null = null;

/** The router registers itself so non-React code (the HTTP client) can move the app. */
export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

/** Resolves once the router has moved (a full page load when no router is registered). */
export async function navigateTo(to: string): Promise<void> {
  if (navigator) await navigator(to);
  else window.location.assign(to);
}
