import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import {
  criticalPath,
  criticalPathCheck,
  forbiddenOnPath,
  moduleLabel,
  type CriticalPathRule,
} from './criticalPath';

const ROOT = '/repo/apps/web';
const NM = '/repo/node_modules';

/** The parts of a Rollup chunk the check reads. */
function chunk(
  fileName: string,
  modules: (string | [id: string, renderedLength: number])[],
  links: { imports?: string[]; dynamicImports?: string[]; isEntry?: boolean } = {},
): Rollup.OutputChunk {
  const fields = {
    type: 'chunk' as const,
    fileName,
    isEntry: links.isEntry ?? false,
    imports: links.imports ?? [],
    dynamicImports: links.dynamicImports ?? [],
    modules: Object.fromEntries(
      modules.map((m) => {
        const [id, renderedLength] = typeof m === 'string' ? [m, 10] : m;
        return [id, { code: `/* ${id} */`, renderedLength }];
      }),
    ),
  };
  return fields as unknown as Rollup.OutputChunk;
}

function bundleOf(...chunks: Rollup.OutputChunk[]): Rollup.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

// An app split the way the web build is: the entry, a shared chunk it imports, the login page
// (lazy, importing a form helper) and the chat page (lazy, with the socket client).
const entry = chunk('assets/index.js', [`${ROOT}/src/main.tsx`, `${NM}/react-dom/index.js`], {
  isEntry: true,
  imports: ['assets/shared.js'],
  dynamicImports: ['assets/LoginPage.js', 'assets/ChatPage.js'],
});
const shared = chunk('assets/shared.js', [`${ROOT}/src/lib/http.ts`]);
const login = chunk('assets/LoginPage.js', [`${ROOT}/src/features/auth/LoginPage.tsx`], {
  imports: ['assets/shared.js', 'assets/use-form.js'],
});
const form = chunk('assets/use-form.js', [`${NM}/@mantine/form/esm/use-form.mjs`]);
const chat = chunk(
  'assets/ChatPage.js',
  [`${ROOT}/src/features/inbox/ChatPage.tsx`, `${NM}/socket.io-client/build/esm/index.js`],
  { imports: ['assets/shared.js'] },
);
const FORBIDDEN = [/\/node_modules\/socket\.io-client\//, /\/src\/features\/inbox\//];

describe('criticalPath', () => {
  it('is the entry and the page with what they import statically, not what they load later', () => {
    const path = criticalPath(bundleOf(entry, shared, login, form, chat), [
      'src/features/auth/LoginPage.tsx',
    ]);
    expect(path.chunks.map((c) => c.fileName).sort()).toEqual([
      'assets/LoginPage.js',
      'assets/index.js',
      'assets/shared.js',
      'assets/use-form.js',
    ]);
    expect(forbiddenOnPath(path, FORBIDDEN)).toEqual([]);
  });

  it('finds a heavy module that a static import drags onto the path', () => {
    const eager = chunk('assets/index.js', [`${ROOT}/src/main.tsx`], {
      isEntry: true,
      imports: ['assets/ChatPage.js'],
    });
    const path = criticalPath(bundleOf(eager, shared, login, form, chat), [
      'src/features/auth/LoginPage.tsx',
    ]);
    expect(forbiddenOnPath(path, FORBIDDEN)).toEqual([
      `${ROOT}/src/features/inbox/ChatPage.tsx`,
      `${NM}/socket.io-client/build/esm/index.js`,
    ]);
  });

  it('ignores a module that ships no code (a package index that only re-exports)', () => {
    const barrel = chunk(
      'assets/index.js',
      [`${ROOT}/src/main.tsx`, [`${NM}/socket.io-client/build/esm/index.js`, 0]],
      { isEntry: true },
    );
    const path = criticalPath(bundleOf(barrel, login, shared, form), [
      'src/features/auth/LoginPage.tsx',
    ]);
    expect(forbiddenOnPath(path, FORBIDDEN)).toEqual([]);
  });

  it('refuses a rule naming a module no chunk holds, rather than checking nothing', () => {
    expect(() => criticalPath(bundleOf(entry, shared), ['src/features/auth/Gone.tsx'])).toThrow(
      'no chunk bundles src/features/auth/Gone.tsx',
    );
  });
});

describe('moduleLabel', () => {
  it.each([
    [`${NM}/socket.io-client/build/esm/index.js`, 'socket.io-client'],
    [`${NM}/@mantine/core/esm/index.mjs`, '@mantine/core'],
    [`${NM}/a/node_modules/engine.io-client/x.js`, 'engine.io-client'],
    [`${ROOT}/src/features/inbox/ChatPage.tsx`, 'src/features/inbox/ChatPage.tsx'],
  ])('%s → %s', (id, label) => {
    expect(moduleLabel(id)).toBe(label);
  });
});

describe('criticalPathCheck', () => {
  const rule: CriticalPathRule = {
    name: '/login',
    modules: ['src/features/auth/LoginPage.tsx'],
    forbidden: FORBIDDEN,
  };
  type GenerateBundle = (
    this: { error: (message: string) => never },
    options: unknown,
    bundle: Rollup.OutputBundle,
  ) => void;
  const run = (bundle: Rollup.OutputBundle) => {
    const hook = criticalPathCheck([rule]).generateBundle as GenerateBundle;
    const context = {
      error: (message: string): never => {
        throw new Error(message);
      },
    };
    hook.call(context, {}, bundle);
  };

  it('fails the build naming the packages and files on the path', () => {
    const eager = chunk('assets/index.js', [`${ROOT}/src/main.tsx`], {
      isEntry: true,
      imports: ['assets/ChatPage.js'],
    });
    expect(() => run(bundleOf(eager, shared, login, form, chat))).toThrow(
      /\/login loads what it does not use[\s\S]*src\/features\/inbox\/ChatPage\.tsx\n {2}socket\.io-client/,
    );
  });

  it('passes a build that keeps them behind dynamic imports', () => {
    expect(() => run(bundleOf(entry, shared, login, form, chat))).not.toThrow();
  });
});
