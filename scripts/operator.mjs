// `npm run operator -- <command>`: the operator CLI (apps/server/src/ops-cli.ts). Runs the built
// server code when it is there (what `npm start` runs), otherwise the source through tsx (what
// `npm run dev` runs), with this shell's environment: the server's.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const built = `${root}apps/server/dist/ops-cli.js`;
const args = process.argv.slice(2);
const [command, ...rest] = existsSync(built)
  ? [process.execPath, '--enable-source-maps', built, ...args]
  : [process.execPath, '--import', 'tsx', `${root}apps/server/src/ops-cli.ts`, ...args];
const child = spawn(command, rest, { stdio: 'inherit', env: process.env });
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
