// Back office, area 'content': sliders, promotions, home popups, marquee, logos, general settings, social links,
// image uploads, and the casino catalogue (games and providers enabled, featured, ordered). Roles: content (admin).
import { z } from 'zod';
import { endpoint, messageResponse, money, type StaffRole } from '../../endpoint';
import { homePopupSchema, POPUP_KINDS, PROMOTION_CATEGORIES, sliderTypeSchema } from '../content';
import { staffListQuery, staffPage } from './common';

const CONTENT: readonly StaffRole[] = ['content'];

/*
 * Bilingual texts (issue 34): each text a player reads has an English field and a Bangla one beside it (`<field>_bn`,
 * null = not written: the player sees the English). api/src/content/README.md.
 */
const tags = ['operator-content'];

const id = z.number().int();
const idParams = z.object({ id: z.coerce.number().int().positive() });
/** Optional note that goes into the audit line with the change. */
const note = z.string().trim().max(500).optional();

export const CONTENT_MESSAGES = {
  imagePath: 'Upload the image first (a /storage/... path) or give an https:// address.',
  link: 'A link is a path of this site (/promotions) or an http(s):// address.',
  dates: 'The end date must not be before the start date.',
  categories: 'Unknown promotion category flags.',
  welcomeFlags:
    'A welcome offer (99) may only be combined with Sports, Fishing, Card Game, P2P, Table, Others, Arcade, Cock Fighting, Rain, Crash or Free.',
  imageType: 'Images must be PNG, JPEG or WebP (checked by the file contents; SVG is refused).',
  imageSize: 'The image is too large.',
  imageMissing: 'Choose an image file to upload.',
  notFound: 'Not found.',
  reorder: 'Give each id of the list once.',
} as const;

/** Largest image staff may upload (bytes). */
export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CONTENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** An image field: a path under /storage/ (uploaded here) or an https address; never javascript:, data: or svg. */
export const imagePath = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^\/storage\/[A-Za-z0-9._/-]+$/.test(v) && !v.includes('..'), CONTENT_MESSAGES.imagePath)
  .or(
    z
      .string()
      .trim()
      .max(500)
      .regex(/^https:\/\/[^\s"'<>]+$/, CONTENT_MESSAGES.imagePath),
  );

/** A link of a slider or popup: a path of this site or an http(s) address (what the shell's slide link accepts). */
export const contentLink = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)[^\s"'<>]*|https?:\/\/[^\s"'<>]+)$/, CONTENT_MESSAGES.link);

/** '' and null become null (cleared); absent stays absent (a partial update leaves the field as it is). */
const emptyToNull = <T>(v: T | null | undefined): T | null | undefined => (v === undefined ? undefined : v || null);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional().transform(emptyToNull);
const optionalLink = contentLink.nullable().optional().or(z.literal('')).transform(emptyToNull);
const optionalImage = imagePath.nullable().optional().or(z.literal('')).transform(emptyToNull);
const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.')
  .nullable()
  .optional()
  .or(z.literal(''))
  .transform(emptyToNull);
const sortOrder = z.coerce.number().int().min(-1_000_000).max(1_000_000);
const onOff = z.enum(['active', 'inactive']);

/** The body of a reorder: ids in their new order; they take consecutive sort_orders from their lowest current one. */
export const reorderBody = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(500),
  note,
});
const reorderResponse = z.object({ updated: z.number().int() });

/** The five calls of one content list: list (paged), create, update, delete, reorder. */
function resource<S extends readonly [string, ...string[]], R extends z.ZodType, B extends z.ZodType, Q extends z.ZodRawShape>(
  name: string,
  path: string,
  opts: { sortable: S; row: R; body: B; filters: Q },
) {
  return {
    list: endpoint({
      method: 'GET',
      path,
      auth: 'staff',
      roles: CONTENT,
      tags,
      summary: `Back office: ${name} (paged)`,
      query: staffListQuery(opts.sortable).extend(opts.filters),
      response: staffPage(opts.row),
    }),
    create: endpoint({
      method: 'POST',
      path,
      auth: 'staff',
      roles: CONTENT,
      tags,
      summary: `Back office: create a ${name} row`,
      body: opts.body,
      response: opts.row,
    }),
    update: endpoint({
      method: 'PUT',
      path: `${path}/{id}`,
      auth: 'staff',
      roles: CONTENT,
      tags,
      summary: `Back office: edit a ${name} row`,
      params: idParams,
      body: opts.body,
      response: opts.row,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${path}/{id}`,
      auth: 'staff',
      roles: CONTENT,
      tags,
      summary: `Back office: delete a ${name} row`,
      params: idParams,
      response: messageResponse,
    }),
    reorder: endpoint({
      method: 'POST',
      path: `${path}/reorder`,
      auth: 'staff',
      roles: CONTENT,
      tags,
      summary: `Back office: new order of ${name}`,
      body: reorderBody,
      response: reorderResponse,
    }),
  };
}

// ---- Sliders ----

export const staffSliderSchema = z.object({
  id,
  name: z.string(),
  name_bn: z.string().nullable(),
  thumbnail: z.string(),
  link: z.string().nullable(),
  message_id: z.string().nullable(),
  status: onOff,
  slider_type: sliderTypeSchema,
  sort_order: z.number().int(),
});
export type StaffSlider = z.infer<typeof staffSliderSchema>;
export const sliderBody = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(120),
  name_bn: optionalText(120),
  thumbnail: imagePath,
  link: optionalLink,
  message_id: optionalText(64),
  status: onOff.default('active'),
  slider_type: sliderTypeSchema,
  sort_order: sortOrder.optional(),
  note,
});
export const staffSliders = resource('sliders', '/api/operator/content/sliders', {
  sortable: ['sort_order', 'name', 'id'] as const,
  row: staffSliderSchema,
  body: sliderBody,
  filters: { slider_type: sliderTypeSchema.optional(), status: onOff.optional() },
});

// ---- Promotions ----

/** Flags a welcome offer (99 = 1 + 2 + 32 + 64) may carry besides its marker. */
export const PROMOTION_WELCOME = PROMOTION_CATEGORIES.Welcome;
const ALL_FLAGS = Object.entries(PROMOTION_CATEGORIES)
  .filter(([k]) => k !== 'Welcome')
  .reduce((a, [, v]) => a | v, 0);

/** True when `categories` is 99 (welcome) plus flags outside 99's bits, or any sum of the known flags. */
export function validPromotionCategories(categories: number): boolean {
  if (!Number.isInteger(categories) || categories < 0) return false;
  if ((categories & PROMOTION_WELCOME) === PROMOTION_WELCOME) {
    const rest = categories - PROMOTION_WELCOME;
    return (rest & PROMOTION_WELCOME) === 0 && (rest & ~ALL_FLAGS) === 0;
  }
  return (categories & ~ALL_FLAGS) === 0;
}

export const staffPromotionSchema = z.object({
  id,
  name: z.string(),
  name_bn: z.string().nullable(),
  description: z.string(),
  description_bn: z.string().nullable(),
  thumbnail: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  deposit_bonus_percent: z.number().int(),
  max_bonus: money.nullable(),
  turnover: z.number().int(),
  categories: z.number().int(),
  /** 'display' is shown on the player site (docs/README.md#spec-3 keeps only those); 'active' is kept but hidden. */
  status: z.enum(['active', 'display']),
  sort_order: z.number().int(),
  created_at: z.string(),
});
export type StaffPromotion = z.infer<typeof staffPromotionSchema>;
export const promotionBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(160),
    name_bn: optionalText(160),
    description: z.string().trim().max(20_000).default(''),
    description_bn: optionalText(20_000),
    thumbnail: optionalImage,
    start_date: dateOnly,
    end_date: dateOnly,
    deposit_bonus_percent: z.coerce.number().int().min(0, 'At least 0.').max(1000, 'At most 1000 percent.'),
    max_bonus: money.nullable().optional().or(z.literal('')).transform(emptyToNull),
    turnover: z.coerce.number().int().min(0, 'At least 0.').max(100, 'At most 100 times.'),
    categories: z.coerce.number().int().refine(validPromotionCategories, CONTENT_MESSAGES.categories),
    status: z.enum(['active', 'display']).default('display'),
    sort_order: sortOrder.optional(),
    note,
  })
  .refine((p) => !p.start_date || !p.end_date || p.end_date >= p.start_date, { message: CONTENT_MESSAGES.dates, path: ['end_date'] });
export const staffPromotions = resource('promotions', '/api/operator/content/promotions', {
  sortable: ['sort_order', 'name', 'start_date', 'end_date', 'id'] as const,
  row: staffPromotionSchema,
  body: promotionBody,
  filters: { status: z.enum(['active', 'display']).optional() },
});

// ---- Home popups ----

export const staffPopupSchema = homePopupSchema.extend({
  name: z.string(),
  title_bn: z.string().nullable(),
  body_bn: z.string().nullable(),
  status: onOff,
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  sort_order: z.number().int(),
});
export type StaffPopup = z.infer<typeof staffPopupSchema>;
export const popupBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(120),
    kind: z.enum(POPUP_KINDS),
    title: z.string().trim().min(1, 'Title is required.').max(160),
    title_bn: optionalText(160),
    body: z.string().trim().max(20_000).default(''),
    body_bn: optionalText(20_000),
    image: optionalImage,
    link: optionalLink,
    status: onOff.default('active'),
    start_date: dateOnly,
    end_date: dateOnly,
    sort_order: sortOrder.optional(),
    note,
  })
  .refine((p) => !p.start_date || !p.end_date || p.end_date >= p.start_date, { message: CONTENT_MESSAGES.dates, path: ['end_date'] });
export const staffPopups = resource('home popups', '/api/operator/content/popups', {
  sortable: ['sort_order', 'name', 'id'] as const,
  row: staffPopupSchema,
  body: popupBody,
  filters: { kind: z.enum(POPUP_KINDS).optional(), status: onOff.optional() },
});

// ---- Marquee ----

export const staffMarqueeSchema = z.object({
  id,
  text: z.string(),
  text_bn: z.string().nullable(),
  status: onOff,
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  sort_order: z.number().int(),
});
export type StaffMarquee = z.infer<typeof staffMarqueeSchema>;
export const marqueeBody = z
  .object({
    text: z.string().trim().min(1, 'Text is required.').max(500),
    text_bn: optionalText(500),
    status: onOff.default('active'),
    start_date: dateOnly,
    end_date: dateOnly,
    sort_order: sortOrder.optional(),
    note,
  })
  .refine((p) => !p.start_date || !p.end_date || p.end_date >= p.start_date, { message: CONTENT_MESSAGES.dates, path: ['end_date'] });
export const staffMarquee = resource('marquee messages', '/api/operator/content/marquee', {
  sortable: ['sort_order', 'id'] as const,
  row: staffMarqueeSchema,
  body: marqueeBody,
  filters: { status: onOff.optional() },
});

// ---- Social links ----

export const staffSocialLinkSchema = z.object({
  id,
  name: z.string(),
  icon: z.string().nullable(),
  link: z.string(),
  status: onOff,
  sort_order: z.number().int(),
});
export type StaffSocialLink = z.infer<typeof staffSocialLinkSchema>;
export const socialLinkBody = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(60),
  icon: optionalImage,
  link: contentLink,
  status: onOff.default('active'),
  sort_order: sortOrder.optional(),
  note,
});
export const staffSocialLinks = resource('social links', '/api/operator/content/social-links', {
  sortable: ['sort_order', 'name', 'id'] as const,
  row: staffSocialLinkSchema,
  body: socialLinkBody,
  filters: { status: onOff.optional() },
});

// ---- Logos (one current record) ----

export const staffLogoSchema = z.object({
  id: id.nullable(),
  logo: z.string().nullable(),
  mobile_logo: z.string().nullable(),
  loader_logo: z.string().nullable(),
  favicon: z.string().nullable(),
});
export const staffLogo = endpoint({
  method: 'GET',
  path: '/api/operator/content/logo',
  auth: 'staff',
  roles: CONTENT,
  tags,
  response: staffLogoSchema,
});
export const staffUpdateLogo = endpoint({
  method: 'PUT',
  path: '/api/operator/content/logo',
  auth: 'staff',
  roles: CONTENT,
  tags,
  summary: 'Back office: the site logo, mobile logo, loader and favicon',
  body: z.object({ logo: imagePath, mobile_logo: imagePath, loader_logo: optionalImage, favicon: optionalImage, note }),
  response: staffLogoSchema,
});

// ---- General settings (withdrawal_status is the payments area's own switch) ----

export const staffSettingsSchema = z.object({
  site_title: z.string(),
  /** 1 open, 0 maintenance (the player site shows its maintenance page). */
  site_status: z.number().int(),
  system_notice: z.string().nullable(),
  system_notice_bn: z.string().nullable(),
  support_mail: z.string().nullable(),
  whatsapp: z.string().nullable(),
  facebook: z.string().nullable(),
  telegram: z.string().nullable(),
  live_chat: z.string().nullable(),
  intercom: z.string().nullable(),
  tawk_id: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type StaffSettings = z.infer<typeof staffSettingsSchema>;
export const staffSettings = endpoint({
  method: 'GET',
  path: '/api/operator/content/settings',
  auth: 'staff',
  roles: CONTENT,
  tags,
  response: staffSettingsSchema,
});
const contact = optionalText(300);
/** A partial update: only the fields sent change. */
export const settingsBody = z.object({
  site_title: z.string().trim().min(1, 'Site title is required.').max(120).optional(),
  site_status: z.union([z.literal(0), z.literal(1)]).optional(),
  system_notice: optionalText(5000),
  system_notice_bn: optionalText(5000),
  support_mail: z
    .string()
    .trim()
    .max(200)
    .email('Enter a valid e-mail address.')
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  whatsapp: contact,
  facebook: contact,
  telegram: contact,
  live_chat: contact,
  intercom: contact,
  tawk_id: optionalText(100),
  note,
});
export const staffUpdateSettings = endpoint({
  method: 'PATCH',
  path: '/api/operator/content/settings',
  auth: 'staff',
  roles: CONTENT,
  tags,
  summary: 'Back office: general settings (site_status 0 = maintenance); withdrawal_status is not here',
  body: settingsBody,
  response: staffSettingsSchema,
});

// ---- Image upload (multipart; not a JSON endpoint, so declared by path) ----

/** POST multipart/form-data with one file field `file`: PNG, JPEG or WebP by content, at most CONTENT_IMAGE_MAX_BYTES. */
export const STAFF_IMAGE_UPLOAD_PATH = '/api/operator/content/images';
export const STAFF_IMAGE_UPLOAD_ROLES = CONTENT;
export const imageUploadResponse = z.object({ path: z.string(), type: z.enum(CONTENT_IMAGE_TYPES), size: z.number().int() });
export type ImageUpload = z.infer<typeof imageUploadResponse>;

// ---- Casino catalogue ----

export const staffGameSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  type: z.string(),
  platform: z.string(),
  provider: z.string().nullable(),
  thumbnail: z.string().nullable(),
  status: onOff,
  is_featured: z.boolean(),
  sort_order: z.number().int(),
  /** False when the game's system or provider is disabled (the player does not see it then either). */
  reachable: z.boolean(),
});
export type StaffGame = z.infer<typeof staffGameSchema>;
export const staffGames = endpoint({
  method: 'GET',
  path: '/api/operator/catalogue/games',
  auth: 'staff',
  roles: CONTENT,
  tags,
  query: staffListQuery(['sort_order', 'name', 'code', 'type', 'platform', 'id'] as const).extend({
    type: z.string().trim().max(32).optional(),
    platform: z.string().trim().max(64).optional(),
    status: onOff.optional(),
    featured: z.enum(['1', '0']).optional(),
  }),
  response: staffPage(staffGameSchema),
});
export const gamePatchBody = z
  .object({
    status: onOff.optional(),
    is_featured: z.boolean().optional(),
    sort_order: sortOrder.optional(),
    note,
  })
  .refine((b) => b.status !== undefined || b.is_featured !== undefined || b.sort_order !== undefined, 'Nothing to change.');
export const staffUpdateGame = endpoint({
  method: 'PATCH',
  path: '/api/operator/catalogue/games/{id}',
  auth: 'staff',
  roles: CONTENT,
  tags,
  params: idParams,
  body: gamePatchBody,
  response: staffGameSchema,
});
/** Several games at once: the same change for each id (enable/disable/feature a selection). */
export const staffBulkGames = endpoint({
  method: 'POST',
  path: '/api/operator/catalogue/games/bulk',
  auth: 'staff',
  roles: CONTENT,
  tags,
  body: z.object({
    ids: z.array(z.number().int().positive()).min(1).max(500),
    status: onOff.optional(),
    is_featured: z.boolean().optional(),
    note,
  }),
  response: reorderResponse,
});
export const staffReorderGames = endpoint({
  method: 'POST',
  path: '/api/operator/catalogue/games/reorder',
  auth: 'staff',
  roles: CONTENT,
  tags,
  summary: 'Back office: the given games take consecutive sort_orders from their lowest one, in this order (others keep theirs)',
  body: reorderBody,
  response: reorderResponse,
});

export const staffProviderSchema = z.object({
  id,
  system_platform: z.string(),
  system_name: z.string(),
  system_status: onOff,
  platform: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  status: onOff,
  sort_order: z.number().int(),
  games: z.number().int(),
});
export type StaffProvider = z.infer<typeof staffProviderSchema>;
export const staffProviders = endpoint({
  method: 'GET',
  path: '/api/operator/catalogue/providers',
  auth: 'staff',
  roles: CONTENT,
  tags,
  query: staffListQuery(['sort_order', 'name', 'platform', 'id'] as const).extend({ status: onOff.optional() }),
  response: staffPage(staffProviderSchema),
});
export const providerPatchBody = z
  .object({ status: onOff.optional(), sort_order: sortOrder.optional(), note })
  .refine((b) => b.status !== undefined || b.sort_order !== undefined, 'Nothing to change.');
export const staffUpdateProvider = endpoint({
  method: 'PATCH',
  path: '/api/operator/catalogue/providers/{id}',
  auth: 'staff',
  roles: CONTENT,
  tags,
  params: idParams,
  body: providerPatchBody,
  response: staffProviderSchema,
});
/** A game system (aggregator, e.g. JILI) on or off with all its providers' games. */
export const staffUpdateSystem = endpoint({
  method: 'PATCH',
  path: '/api/operator/catalogue/systems/{platform}',
  auth: 'staff',
  roles: CONTENT,
  tags,
  params: z.object({ platform: z.string().trim().min(1).max(64) }),
  body: providerPatchBody,
  response: z.object({ platform: z.string(), name: z.string(), status: onOff, sort_order: z.number().int() }),
});
export const staffGameTypes = endpoint({
  method: 'GET',
  path: '/api/operator/catalogue/filters',
  auth: 'staff',
  roles: CONTENT,
  tags,
  response: z.object({
    types: z.array(z.object({ code: z.string(), name: z.string() })),
    systems: z.array(z.object({ platform: z.string(), name: z.string() })),
  }),
});
