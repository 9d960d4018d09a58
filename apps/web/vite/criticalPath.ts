// A build check: what a page needs before it can render (the entry chunk, the page's chunk and
// everything they import statically; Vite preloads exactly these) must not pull in the heavy
// parts of the app meant for later. `vite build` fails, naming the modules, when it does.
import { brotliCompressSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

export interface CriticalPathRule {
  /** What the rule is about, for the error ("/login"). */
  name: string;
  /** Source files (path suffixes) the page renders with: its page component, its layout. */
  modules: string[];
  /** Module ids (node_modules packages, app folders) that must not be on that path. */
  forbidden: RegExp[];
}

export interface CriticalPath {
  chunks: Rollup.OutputChunk[];
  /** Every module id with code in those chunks. */
  moduleIds: string[];
}

const slashes = (id: string) => id.split('\\').join('/');

function chunksOf(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  return Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
}

/** The entry chunks plus the chunks holding `modules`, with everything they import statically. */
export function criticalPath(bundle: Rollup.OutputBundle, modules: string[]): CriticalPath {
  const all = chunksOf(bundle);
  const byFile = new Map(all.map((c) => [c.fileName, c]));
  const starts = all.filter((c) => c.isEntry);
  for (const suffix of modules) {
    const chunk = all.find((c) =>
      Object.keys(c.modules).some((id) => slashes(id).endsWith(suffix)),
    );
    // A rule naming a module that is not built checks nothing: fail instead of passing.
    if (!chunk) throw new Error(`critical path: no chunk bundles ${suffix}`);
    starts.push(chunk);
  }
  const seen = new Map<string, Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) visit(next);
    }
  };
  starts.forEach(visit);
  const chunks = [...seen.values()];
  // A module that renders no code (a package's index that only re-exports) ships nothing.
  const moduleIds = chunks.flatMap((c) =>
    Object.entries(c.modules)
      .filter(([, info]) => info.renderedLength > 0)
      .map(([id]) => id),
  );
  return { chunks, moduleIds };
}

/** The module ids on the path that a rule forbids. */
export function forbiddenOnPath(path: CriticalPath, forbidden: RegExp[]): string[] {
  return path.moduleIds.filter((id) => forbidden.some((re) => re.test(slashes(id))));
}

/** `<package>` for a dependency, the path from `src/` for app code: short enough for an error. */
export function moduleLabel(id: string): string {
  const path = slashes(id);
  const pkg = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg?.[1]) return pkg[1];
  const src = path.lastIndexOf('/src/');
  return src >= 0 ? path.slice(src + 1) : path;
}

/**
 * What weighs on the path, by `moduleLabel`, heaviest first: each label's code as Rollup renders
 * it (before minifying) brotli-compressed, so only a ranking, not the bytes served.
 */
export function weighByLabel(path: CriticalPath): [string, number][] {
  const code = new Map<string, string>();
  for (const chunk of path.chunks) {
    for (const [id, info] of Object.entries(chunk.modules)) {
      const label = moduleLabel(id);
      code.set(label, (code.get(label) ?? '') + (info.code ?? ''));
    }
  }
  return [...code]
    .map(([label, text]): [string, number] => [label, brotliCompressSync(text).length])
    .sort((a, b) => b[1] - a[1]);
}

/** Fails the build when a rule's page has a forbidden module on its critical path. */
export function criticalPathCheck(rules: CriticalPathRule[]): Plugin {
  return {
    name: 'sapa-critical-path',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const rule of rules) {
        const path = criticalPath(bundle, rule.modules);
        const bad = forbiddenOnPath(path, rule.forbidden);
        if (bad.length > 0) {
          const labels = [...new Set(bad.map(moduleLabel))];
          this.error(
            `${rule.name} loads what it does not use before it renders (entry, page and their ` +
              `static imports):\n  ${labels.join('\n  ')}`,
          );
        }
        // SAPA_CRITICAL_PATH=1 npm run build -w @sapa/web: what to trim next.
        if (process.env.SAPA_CRITICAL_PATH === '1') {
          const top = weighByLabel(path).slice(0, 30);
          console.warn(`${rule.name}: ${path.chunks.length} chunks; heaviest (rank only):`);
          console.warn(top.map(([label, n]) => `  ${n}\t${label}`).join('\n'));
        }
      }
    },
  };
}
