// `npm start`: runs the built server (and, once it exists, the Meta sandbox) as child processes,
// forwards Ctrl-C / SIGTERM to them, and exits when any of them exits.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const processes = [{ name: 'server', entry: 'apps/server/dist/main.js', env: {} }].filter((p) =>
  existsSync(root + p.entry),
);

if (processes.length === 0) {
  console.error('Nothing to start: run `npm run build` first.');
  process.exit(1);
}

const children = processes.map((p) => {
  const child = spawn(process.execPath, ['--enable-source-maps', p.entry], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...p.env },
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${p.name} exited (${signal ?? code}); stopping.`);
      stop(code ?? 1);
    }
  });
  return child;
});

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => process.exit(code), 25_000);
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(() => {
    clearTimeout(timer);
    process.exit(code);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
