#!/usr/bin/env node
// Part of `npm run lint`: every installed package must run on every Node.js line the root
// package.json promises (its `engines.node`, which the README repeats). npm only warns
// (EBADENGINE) for the Node it runs on, and only during install; this fails on any machine, so
// a dependency that drops Node 20 (as cookie@2 did) cannot slip in unnoticed.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import semver from 'semver';
import { ROOT } from './lib/processes.mjs';

const WORKSPACE_GLOBS = ['apps', 'packages'];

/** The lowest version of each `||` alternative: `^20.19.0 || >=22.13.0` → 20.19.0, 22.13.0. */
function promisedFloors(range) {
  const parsed = new semver.Range(range);
  return parsed.set.map(
    (comparators) => semver.minVersion(comparators.map((c) => c.value).join(' ')).version,
  );
}

/** Installed packages whose `engines.node` refuses one of the floors, like npm's own check. */
function engineViolations(packages, floors) {
  const found = [];
  for (const pkg of packages) {
    const wanted = pkg.engines?.node;
    if (typeof wanted !== 'string') continue;
    const refused = floors.filter((v) => !semver.satisfies(v, wanted, { includePrerelease: true }));
    if (refused.length) found.push({ ...pkg, wanted, refused });
  }
  return found;
}

/** Every package.json under a node_modules folder, nested ones included (symlinks skipped). */
function installedPackages(nodeModules) {
  const found = [];
  const visit = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        visit(path);
        continue;
      }
      try {
        const pkg = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
        found.push({ path: relative(ROOT, path), version: pkg.version, engines: pkg.engines });
      } catch {
        /* a folder without a readable package.json is not a package */
      }
      visit(join(path, 'node_modules'));
    }
  };
  visit(nodeModules);
  return found;
}

function workspaceNodeModules() {
  const folders = [join(ROOT, 'node_modules')];
  for (const parent of WORKSPACE_GLOBS) {
    for (const entry of readdirSync(join(ROOT, parent), { withFileTypes: true })) {
      if (entry.isDirectory()) folders.push(join(ROOT, parent, entry.name, 'node_modules'));
    }
  }
  return folders;
}

function main() {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const promise = root.engines?.node;
  if (!promise) throw new Error('the root package.json has no engines.node');
  const floors = promisedFloors(promise);
  const packages = workspaceNodeModules().flatMap(installedPackages);
  const violations = engineViolations(packages, floors);
  if (violations.length) {
    console.error(`These packages refuse a Node.js version the project promises (${promise}):`);
    for (const v of violations) {
      console.error(
        `  ${v.path}@${v.version} wants node ${v.wanted} (refuses ${v.refused.join(', ')})`,
      );
    }
    console.error(
      'Pin a version that supports them (see package.json overrides), or change the promise.',
    );
    process.exit(1);
  }
  console.log(`engines: ${packages.length} packages accept Node.js ${floors.join(' and ')}`);
}

main();
