import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
// @ts-expect-error: a plain .mjs build script without type declarations
import { NEVER_BUNDLED, serverBuildOptions } from '../build-options.mjs';

/**
 * Issue 20 §1: the Baileys driver (its libsignal is GPL-3.0) is loaded only for real linked
 * numbers and never bundled into the server build. This builds the server exactly as
 * `npm run build` does, in memory, and reads esbuild's list of what went in.
 */
describe('server bundle', () => {
  it('holds nothing of Baileys, libsignal or the driver package', async () => {
    const result = await build({
      ...serverBuildOptions,
      write: false,
      metafile: true,
      sourcemap: false,
    });
    const inputs = Object.keys(result.metafile?.inputs ?? {});
    expect(inputs.some((path) => path.includes('src/main.ts'))).toBe(true);
    const leaked = inputs.filter((path) =>
      /node_modules\/(baileys|libsignal|whatsapp-rust-bridge)\/|packages\/wabasic-baileys\//.test(
        path,
      ),
    );
    expect(leaked).toEqual([]);
    expect(NEVER_BUNDLED).toContain('@sapa/wabasic-baileys');
    const code = (result.outputFiles ?? []).map((f) => f.text).join('\n');
    expect(code).not.toMatch(/makeWASocket|libsignal/);
    // The loader still names the package, for its dynamic import.
    expect(code).toMatch(/["']@sapa\/wabasic-baileys["']/);
  });
});
