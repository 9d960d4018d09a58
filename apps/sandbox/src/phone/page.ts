import { phoneShellPage } from './shell.js';

export interface PageDefaults {
  /** whatsapp, messenger or instagram. */
  app?: string;
  number?: string;
  /** Messenger: a Page id; Instagram: an Instagram account id. */
  account?: string;
  customer?: string;
  name?: string;
}

/** The shell of the customer phone; the client script renders everything inside #app. */
export function phonePage(defaults: PageDefaults): string {
  return phoneShellPage({
    title: 'Customer phone · Sapa Meta sandbox',
    name: 'Customer phone',
    base: '/phone',
    intro: '<p id="about-text"></p>',
    tools: '<div id="tools"></div>',
    configId: 'phone-config',
    config: defaults,
  });
}
