/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Mixpanel project token; analytics stays off when it is empty. */
  readonly VITE_MIXPANEL_TOKEN?: string;
  /** Support address shown on help, renewal and privacy pages; read only in lib/config. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
