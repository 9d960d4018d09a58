#!/usr/bin/env node
// Makes sure Debian's `chromium` package is installed: Playwright drives it through
// executablePath and never downloads a browser of its own (the network only reaches
// the npm registry and Debian's mirrors). Idempotent: does nothing when it is present.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const CHROMIUM_PATH = '/usr/bin/chromium';

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/** Installs a Debian package by name when `binary` is missing (root only). */
export function ensureDebianPackage(binary, pkg) {
  if (existsSync(binary)) return binary;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `${binary} is missing and installing it needs root. Run as root:\n` +
        `  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${pkg}`,
    );
  }
  console.log(`${binary} not found; installing Debian's ${pkg} package`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', pkg]);
  if (!existsSync(binary)) throw new Error(`apt-get finished but ${binary} is still missing`);
  return binary;
}

export function ensureChromium() {
  return ensureDebianPackage(CHROMIUM_PATH, 'chromium');
}

/** redis-server for the test of the Redis Socket.IO adapter (REDIS_URL). */
export function ensureRedis() {
  return ensureDebianPackage('/usr/bin/redis-server', 'redis-server');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(`chromium ready at ${ensureChromium()}`);
  } catch (error) {
    console.error(`ensure-chromium: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
