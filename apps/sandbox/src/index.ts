// The sandbox as a library, so Sapa's integration tests can run it in-process.
export { buildSandbox } from './app.js';
export { DEMO_NUMBER, loadConfig, type SandboxConfig } from './config.js';
