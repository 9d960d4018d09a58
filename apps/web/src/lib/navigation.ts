type Navigator = (to: string) => void;

let navigator: Navigator | null = null;

/** The router registers itself so non-React code (the HTTP client) can move the app. */
export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}
