// Benches import server modules whose routes use @fastify/cookie's and @fastify/multipart's
// additions to Fastify's types (reports → csat → pricing → routes). Those additions are declared
// where app.ts registers the plugins, so the bench program type-checks with app.ts in it.
export type {} from '../apps/server/src/app.js';
