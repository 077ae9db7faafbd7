/** Typed errors, mapped to status codes in one place (plugins/error-handler.ts). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** 502: Stripe unreachable, stalled or refusing a request of the site's (its own words are for the log). */
export const paymentsUnavailableMessage = 'Payments are not available right now. Please try again in a few minutes.';

export class BadRequestError extends AppError {
  constructor(message: string, field?: string) {
    super(400, message, field);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, field?: string) {
    super(409, message, field);
  }
}

/** 503: too busy to answer now; the answer says when to ask again (Retry-After). */
export class ServiceUnavailableError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
  }
}
