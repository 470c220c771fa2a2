// Identity checks (KYC, issue 32), the player's side: upload the NID's two sides and a selfie from /profile, read the
// review's state. The upload itself is multipart (POST KYC_UPLOAD_PATH/{kind}), outside the JSON endpoints; its
// answer is the same state object. Staff review in the console (staff/kyc.ts).
import { z } from 'zod';
import { endpoint } from '../endpoint';

/** The documents a player gives: the national ID card's front and back, and a photo of their face. */
export const KYC_KINDS = ['nid_front', 'nid_back', 'selfie'] as const;
export type KycKind = (typeof KYC_KINDS)[number];
export const kycKind = z.enum(KYC_KINDS);

/**
 * none: nothing sent yet (or not every kind yet); pending: every kind is in, staff review it; verified: staff approved
 * (the NID's birthday is the player's, locked); rejected: staff refused the submission or asked for a new document
 * (`requested` names what to upload again, `reason` says why).
 */
export const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const kycStatus = z.enum(KYC_STATUSES);

/** Image types accepted, recognised by the file's first bytes (never its name or the browser's claimed type). */
export const KYC_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Default upload size limit (the API's KYC_MAX_BYTES may lower or raise it; the screen says the API's figure). */
export const KYC_DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
/** POST `${KYC_UPLOAD_PATH}/{kind}`, multipart with one file field `file`; bearer. */
export const KYC_UPLOAD_PATH = '/api/kyc/documents';

/** The API's own words (English) for refusals of an upload; the profile screen says them in the player's language by `code`. */
export const KYC_MESSAGES = {
  fileType: 'Upload a photo as JPEG, PNG or WebP.',
  fileSize: (mb: number) => `The photo is too large (at most ${mb} MB).`,
  unreadable: 'This photo could not be read. Take it again or choose another file.',
  verified: 'Your identity is already verified.',
  noFile: 'Choose a photo to upload.',
  /** The withdrawal gate: shown by the wallet with a link to /profile. */
  kycRequired: 'Verify your identity before this withdrawal: upload your NID (both sides) and a selfie in your profile.',
} as const;

/** Machine codes of the upload's refusals and the withdrawal gate. */
export const KYC_ERROR_CODES = ['kyc_file_type', 'kyc_file_size', 'kyc_unreadable', 'kyc_verified', 'kyc_no_file', 'kyc_required'] as const;
export type KycErrorCode = (typeof KYC_ERROR_CODES)[number];

export const kycState = z.lazy(() =>
  z.object({
    status: kycStatus,
    /** Why staff rejected or asked again (the player sees it); null otherwise. */
    reason: z.string().nullable(),
    /** What the player must upload (again) before the review starts: every missing kind, or those staff asked for. */
    requested: z.array(kycKind),
    /** The current document of each kind the player sent (no image: the player never reads them back either). */
    documents: z.array(z.object({ kind: kycKind, uploaded_at: z.string() })),
    submitted_at: z.string().nullable(),
    decided_at: z.string().nullable(),
    /** The birthday came from the NID at approval and can no longer be changed by the player. */
    birthday_locked: z.boolean(),
    /** The API's size limit of one photo, in bytes. */
    max_bytes: z.number().int(),
  }),
);
export type KycState = z.infer<typeof kycState>;

export const kycStateEndpoint = endpoint({
  method: 'GET',
  path: '/api/kyc',
  auth: 'bearer',
  tags: ['kyc'],
  summary: "The player's identity check: status, reason, what to upload",
  response: kycState,
});
