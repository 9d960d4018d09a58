/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Mixpanel project token; analytics stays off when it is empty. */
  readonly VITE_MIXPANEL_TOKEN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
