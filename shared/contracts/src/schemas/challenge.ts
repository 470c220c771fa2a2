// The proof-of-work challenge (ALTCHA v2, PBKDF2/SHA-256, deterministic mode) that replaces the image captcha:
// desktop registration always needs one; sign-up, log-in, codes and password recovery need one once an address or
// a username shows unusual volume (the API then answers CHALLENGE_REQUIRED instead of refusing).
import { z } from 'zod';
import { endpoint } from '../endpoint';

/** The request header that carries a solved challenge: base64 of the JSON `ChallengePayload`. Single use. */
export const CHALLENGE_HEADER = 'X-Challenge';
/** `code` of the 428 answer: solve GET /api/challenge and send the same request again with CHALLENGE_HEADER. */
export const CHALLENGE_REQUIRED = 'challenge_required';
/** HTTP status of that answer (Precondition Required). */
export const CHALLENGE_STATUS = 428;

export const CHALLENGE_MESSAGES = {
  required: 'Please wait while we check this request comes from a person, then try again.',
  invalid: 'The check has expired or was already used. Please try again.',
} as const;

const hex = z
  .string()
  .regex(/^[0-9a-f]*$/i)
  .max(1024);

/** ALTCHA v2 challenge parameters (signed by the server; the solver must not change them). */
export const challengeParametersSchema = z.lazy(() =>
  z.object({
    algorithm: z.literal('PBKDF2/SHA-256'),
    nonce: hex,
    salt: hex,
    cost: z.number().int().positive(),
    keyLength: z.number().int().positive().max(64),
    keyPrefix: hex,
    keySignature: hex.optional(),
    memoryCost: z.number().int().positive().optional(),
    parallelism: z.number().int().positive().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
);
export const challengeSchema = z.lazy(() => z.object({ parameters: challengeParametersSchema, signature: z.string().max(256) }));
export type Challenge = z.infer<typeof challengeSchema>;

/** What the solver found: the counter whose PBKDF2 key starts with `keyPrefix`, and that key (lowercase hex). */
export const challengeSolutionSchema = z.lazy(() =>
  z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z
      .string()
      .regex(/^[0-9a-f]+$/)
      .max(256),
    time: z.number().optional(),
  }),
);
export const challengePayloadSchema = z.lazy(() => z.object({ challenge: challengeSchema, solution: challengeSolutionSchema }));
export type ChallengePayload = z.infer<typeof challengePayloadSchema>;

/** The 428 answer's body. */
export const challengeRequiredSchema = z.lazy(() => z.object({ message: z.string(), code: z.literal(CHALLENGE_REQUIRED) }));

/** True for the body of an answer that asks for a solved challenge. */
export function isChallengeRequired(status: number, data: unknown): boolean {
  return status === CHALLENGE_STATUS && challengeRequiredSchema.safeParse(data).success;
}

// btoa and atob are globals of browsers and Node 16+; this package's types are the language's alone (no DOM, no Node)
declare function btoa(data: string): string;
declare function atob(data: string): string;

/** The header value for a solved challenge (btoa of ASCII JSON: works in browsers and Node). */
export function encodeChallengePayload(p: ChallengePayload): string {
  return btoa(JSON.stringify(p));
}

/** The payload in a header value, or null when it is not one. */
export function decodeChallengePayload(value: string | undefined | null): ChallengePayload | null {
  if (!value || value.length > 4096) return null;
  try {
    const r = challengePayloadSchema.safeParse(JSON.parse(atob(value)));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** A fresh challenge (expires after a few minutes; a solved one is accepted once). */
export const challengeEndpoint = endpoint({
  method: 'GET',
  path: '/api/challenge',
  auth: 'none',
  tags: ['identity'],
  summary: 'A proof-of-work challenge (ALTCHA v2, PBKDF2/SHA-256); send the solution in the X-Challenge header',
  response: challengeSchema,
});
