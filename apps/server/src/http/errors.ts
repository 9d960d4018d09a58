import { rateLimitWait, tooManyAttemptsMessage } from '@sapa/contracts';

/** Errors a service throws; the error handler turns them into the API's error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (
  message: string,
  code?: string,
  issues?: { path: string; message: string }[],
) => new AppError(400, message, code, issues);
export const unauthorized = (message: string, code?: string) => new AppError(401, message, code);
export const forbidden = (message: string, code?: string) => new AppError(403, message, code);
export const notFound = (message: string) => new AppError(404, message, 'NOT_FOUND');
export const conflict = (message: string, code?: string) => new AppError(409, message, code);
/** A 429 that says the true wait, in its message and in the Retry-After header (seconds). */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterMs: number) {
    const wait = rateLimitWait(retryAfterMs);
    super(429, tooManyAttemptsMessage(wait.count, wait.unit), 'RATE_LIMITED');
    this.retryAfterSeconds = wait.seconds;
  }
}

export const tooManyRequests = (retryAfterMs: number) => new RateLimitedError(retryAfterMs);
