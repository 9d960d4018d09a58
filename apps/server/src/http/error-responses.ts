import { apiErrorSchema } from '@sapa/contracts';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 429 | 502;

/** Documents a route's error answers in OpenAPI; every one has the API's single error shape. */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}
