import {
  recipientCheckBodySchema,
  recipientCheckFormSchema,
  refuseNul,
  text,
} from '@sapa/contracts';
import Fastify, { type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../test/harness.js';
import { MODULES } from '../modules/registry.js';

/**
 * Every string an API route accepts must refuse U+0000 (PostgreSQL cannot store it). Rather than
 * one test per field, walk every registered route's body, query, params and headers schema and
 * name each place a NUL could pass through.
 */

// Formats whose pattern admits only printable characters, so a NUL fails them anyway.
const CLOSED_FORMATS = new Set([
  'uuid',
  'guid',
  'email',
  'datetime',
  'date',
  'time',
  'duration',
  'e164',
  'ipv4',
  'ipv6',
  'cidrv4',
  'cidrv6',
  'base64',
  'base64url',
  'cuid',
  'cuid2',
  'ulid',
  'nanoid',
  'xid',
  'ksuid',
  'jwt',
  'emoji',
]);

interface Def {
  type: string;
  checks?: unknown[];
  format?: string;
  [key: string]: unknown;
}

const defOf = (schema: unknown): Def => (schema as $ZodType)._zod.def as unknown as Def;

/** Paths under `schema` where a string containing NUL would be accepted. */
export function nulLeaks(schema: unknown, path: string): string[] {
  const def = defOf(schema);
  const inner = (key: string, at = path) => nulLeaks(def[key], at);
  switch (def.type) {
    case 'string':
      if (def.checks?.includes(refuseNul)) return [];
      if (def.format && CLOSED_FORMATS.has(def.format)) return [];
      return [path || '(root)'];
    case 'number':
    case 'int':
    case 'boolean':
    case 'bigint':
    case 'date':
    case 'null':
    case 'undefined':
    case 'void':
    case 'never':
    case 'nan':
    case 'enum':
    case 'literal':
    case 'file':
      return [];
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const leaks = Object.entries(shape).flatMap(([k, v]) => nulLeaks(v, join(path, k)));
      return def.catchall ? [...leaks, ...inner('catchall', join(path, '*'))] : leaks;
    }
    case 'record':
      return [...inner('keyType', join(path, '(key)')), ...inner('valueType', join(path, '*'))];
    case 'array':
    case 'set':
      return inner(def.type === 'array' ? 'element' : 'valueType', join(path, '[]'));
    case 'tuple':
      return [
        ...(def.items as unknown[]).flatMap((s, i) => nulLeaks(s, join(path, String(i)))),
        ...(def.rest ? inner('rest', join(path, '[]')) : []),
      ];
    case 'union':
      return (def.options as unknown[]).flatMap((o) => nulLeaks(o, path));
    case 'intersection':
      return [...inner('left'), ...inner('right')];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'promise':
      return inner('innerType');
    case 'lazy':
      return nulLeaks((def.getter as () => unknown)(), path);
    case 'pipe': {
      // What reaches the handler passed both ends: one refusing end is enough.
      const first = inner('in');
      return first.length === 0 || inner('out').length === 0 ? [] : first;
    }
    default:
      // any, unknown, custom, transform, template_literal...: nothing stops a NUL.
      return [`${path || '(root)'} (${def.type})`];
  }
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

describe('NUL in API input', () => {
  let ctx: TestContext;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    // The real modules on a bare app, only to see every route as it is registered.
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onRoute', (route) => void routes.push(route as RouteOptions));
    for (const register of MODULES) register(app, { deps: ctx.deps, services: ctx.services });
    await app.ready();
    await app.close();
  });
  afterAll(() => ctx.close());

  it('sees the routes', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('no string field of any route accepts NUL', () => {
    const leaks = routes.flatMap((route) => {
      const parts = ['body', 'querystring', 'params', 'headers'] as const;
      return parts.flatMap((part) => {
        const schema = route.schema?.[part];
        if (!schema) return [];
        const methods = [route.method].flat().join(',');
        return nulLeaks(schema, '').map((p) => `${methods} ${route.url} ${part}: ${p}`);
      });
    });
    expect(leaks).toEqual([]);
  });

  it('nor do the contracts parsed outside a route schema (multipart fields)', () => {
    expect([
      ...nulLeaks(recipientCheckFormSchema, ''),
      ...nulLeaks(recipientCheckBodySchema, ''),
    ]).toEqual([]);
  });

  it('the walker itself finds a bare string, a passthrough and an unknown', () => {
    expect(
      nulLeaks(
        z.object({
          a: text(),
          b: z.string(),
          c: z.array(z.union([z.uuid(), z.unknown()])),
          d: z.string().transform((s) => s.length),
          e: text().trim().min(1).optional(),
        }),
        '',
      ),
    ).toEqual(['b', 'c.[] (unknown)', 'd']);
  });

  it('a guarded field answers with its own name', () => {
    const schema = z.object({ filters: z.array(z.object({ value: text().trim().min(3) })) });
    const result = schema.safeParse({ filters: [{ value: 'ok\u0000' }] });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'The filters.0.value field must not contain a NUL character',
    ]);
  });
});
