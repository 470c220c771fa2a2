/**
 * An error whose message is meant for the player. The error handler answers
 * `status` with `{ message, ...extra }`; anything else becomes a logged 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
  /** Response headers the answer carries (Retry-After on a 503 or 429). */
  headers: Record<string, string> = {};
  body(): Record<string, unknown> {
    return { message: this.message, ...this.extra };
  }
}

/** 503 with Retry-After: a bounded queue is full (the caller retries later; nothing was done). Not an error to log. */
export class ServiceBusy extends HttpError {
  constructor(message: string, retryAfterSeconds: number, extra: Record<string, unknown> = {}) {
    super(503, message, { success: false, ...extra });
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

export class Unauthenticated extends HttpError {
  constructor() {
    super(401, 'Unauthenticated.');
  }
}

export class Forbidden extends HttpError {
  constructor(message = 'Forbidden', extra?: Record<string, unknown>) {
    super(403, message, extra);
  }
}

export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class BadRequest extends HttpError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(400, message, extra);
  }
}

/** The sign-up form's shape: `{ message, errors: { field: [messages] } }`. */
export class ValidationFailed extends HttpError {
  constructor(errors: Record<string, string[]>, message?: string) {
    super(422, message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', { errors });
  }
}

export class Conflict extends HttpError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(409, message, extra);
  }
}
