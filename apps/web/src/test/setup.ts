import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadFeatureLocales } from '../lib/i18n';

// The app fetches the feature screens' strings with the signed-in layouts; tests render screens
// on their own, so every namespace is there from the start.
await loadFeatureLocales();

// jsdom lacks matchMedia, which Mantine reads for colour scheme and breakpoints.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// jsdom has no layout, so no scrollIntoView; Mantine's combobox scrolls the selected option in.
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
