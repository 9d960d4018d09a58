// The sandbox as a library, so Sapa's integration tests can run it in-process.
export { buildSandbox } from './app.js';
export { loadConfig, type SandboxConfig } from './config.js';
export {
  DEMO_INSTAGRAM_ACCOUNT,
  DEMO_MESSENGER_PAGE,
  DEMO_NUMBER,
  DEMO_WA_PHONE,
  META_INBOX_APP_ID,
  SAPA_APP_ID,
  SPARE_INSTAGRAM_ACCOUNT,
  SPARE_MESSENGER_PAGE,
} from './demo.js';
