import { z } from 'zod';
import { endpoint, money, lazy } from '../endpoint';

/*
 * Site content and game catalogue (spec sections 3 and 7; the captcha became the proof-of-work challenge, challenge.ts).
 * Field names are the spec's, typos included (`thubmnail`, `deposit_bouns`).
 * Image fields are paths on the API host (`/storage/...`); resolve them with `client.url()`.
 */

const id = z.number().int();
const flag = z.number().int(); // 0/1 switches of the spec

// --- Settings and branding ---------------------------------------------------

export const logoSchema = z.lazy(() =>
  z.object({
    id,
    logo: z.string(),
    mobile_logo: z.string(),
    loader_logo: z.string().nullable(),
    favicon: z.string().nullable(),
  }),
);
export type LogoRecord = z.infer<typeof logoSchema>;

export const getLogo = endpoint({
  method: 'GET',
  path: '/api/logo',
  tags: ['content'],
  auth: 'none',
  summary: 'Site logos; the client uses the first item',
  response: lazy(() => z.array(logoSchema)),
});

/** 'notice': shown once after log-in (with the system notice); 'welcome': after sign-up (docs/README.md#spec-4 popup/regPopup). */
export const POPUP_KINDS = ['notice', 'welcome'] as const;
export const homePopupSchema = z.object({
  id,
  kind: z.enum(POPUP_KINDS),
  title: z.string(),
  /** HTML, shown through the player site's sanitiser. */
  body: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
});
export type HomePopup = z.infer<typeof homePopupSchema>;

export const generalSettingsSchema = z.lazy(() =>
  z.object({
    site_title: z.string(),
    /** 0 shows the maintenance page. */
    site_status: flag,
    system_notice: z.string().nullable(),
    support_mail: z.string().nullable(),
    /** 0 hides withdrawal methods. */
    withdrawal_status: flag,
    whatsapp: z.string().nullable(),
    facebook: z.string().nullable(),
    telegram: z.string().nullable(),
    live_chat: z.string().nullable(),
    intercom: z.string().nullable(),
    tawk_id: z.string().nullable(),
    /** Active announcement texts in order (the home's marquee); absent or empty: the marquee shows system_notice. */
    marquee: z.array(z.string()).optional(),
    /** Active home popups set by staff (docs/README.md#spec-4: the notice after log-in, the welcome after sign-up). */
    popups: z.array(homePopupSchema).optional(),
  }),
);
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

export const getGeneral = endpoint({
  method: 'GET',
  path: '/api/general',
  tags: ['content'],
  auth: 'optional',
  summary: 'General settings',
  response: generalSettingsSchema,
});

export const sliderTypeSchema = z.enum(['Main', 'Favourite', 'Features']);
export const sliderSchema = z.lazy(() =>
  z.object({
    id,
    name: z.string(),
    link: z.string().nullable(),
    thubmnail: z.string(),
    message_id: z.string().nullable(),
    status: z.string(),
    slider_type: sliderTypeSchema,
  }),
);
export type Slider = z.infer<typeof sliderSchema>;

export const getSliders = endpoint({
  method: 'GET',
  path: '/api/sliders',
  tags: ['content'],
  // optional: an excluded player (their own exclusion or a linked account's self-exclusion) gets no bonus banners
  auth: 'optional',
  summary: 'Active sliders of every slider_type (without bonus banners for an excluded player)',
  response: lazy(() => z.array(sliderSchema)),
});

export const socialLinkSchema = z.lazy(() =>
  z.object({
    id,
    name: z.string(),
    icon: z.string().nullable(),
    link: z.string(),
  }),
);
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const getSocialLinks = endpoint({
  method: 'GET',
  path: '/api/sociallink',
  tags: ['content'],
  auth: 'none',
  response: lazy(() => z.array(socialLinkSchema)),
});

// --- Payment methods ----------------------------------------------------------

export const paymentGatewaySchema = z.lazy(() => z.object({ name: z.string(), code: z.string(), icon: z.string().nullable() }));
export const accountTypeSchema = z.lazy(() =>
  z.union([
    z.enum(['Agent', 'Merchant', 'Marchent', 'Personal']),
    z.object({ type: z.literal('ewallet'), pgs: z.array(paymentGatewaySchema) }),
  ]),
);
export const paymentMethodSchema = z.lazy(() =>
  z.object({
    id,
    /** 'bkash', 'nagad', 'rocket', ...: the payer's transaction id format of the method (rules/payer-trx.ts). */
    code: z.string().optional(),
    name: z.string(),
    icon: z.string().nullable(),
    status: z.string(),
    /** Agent = CashOut, Merchant/Marchent = Make Payment, Personal = Send Money; or an e-wallet with gateways. */
    account_type: accountTypeSchema,
    deposit: z.boolean(),
    withdraw: z.boolean(),
    /**
     * The amounts this method takes, in whole units, and its amount buttons (GET /api/showpayment-menthod sends them:
     * the method's own, or the site-wide DEPOSIT_MIN/MAX, WITHDRAW_MIN/MAX and *_PRESETS when it has none). The server
     * refuses an amount outside the method's range with amountRangeMessage().
     */
    deposit_min: z.number().optional(),
    deposit_max: z.number().optional(),
    withdraw_min: z.number().optional(),
    withdraw_max: z.number().optional(),
    deposit_presets: z.array(z.number()).optional(),
    withdraw_presets: z.array(z.number()).optional(),
  }),
);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const getPaymentMethods = endpoint({
  method: 'GET',
  path: '/api/payment-methods',
  tags: ['content'],
  auth: 'none',
  response: lazy(() => z.array(paymentMethodSchema)),
});

// --- Promotions -----------------------------------------------------------------

/** Bit flags of spec section 2; 99 marks the welcome offer. */
export const PROMOTION_CATEGORIES = {
  Slots: 1,
  Casino: 2,
  Sports: 4,
  Fishing: 8,
  CardGame: 16,
  ESports: 32,
  Lottery: 64,
  P2P: 128,
  Table: 256,
  Others: 512,
  Arcade: 1024,
  CockFighting: 2048,
  Rain: 4096,
  Crash: 8192,
  Free: 16384,
  Welcome: 99,
} as const;

export const promotionSchema = z.lazy(() =>
  z.object({
    id,
    name: z.string(),
    desc: z.string(),
    thumbnail: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    /** Deposit bonus in percent of the deposit (100 = doubled). */
    deposit_bouns: z.number(),
    /** Cap of the bonus, or null. */
    max_bonus: money.nullable(),
    /** Wagering multiplier of deposit + bonus. */
    turnover: z.number(),
    categories: z.number().int(),
    status: z.enum(['active', 'display']),
  }),
);
export type Promotion = z.infer<typeof promotionSchema>;

export const getPromotions = endpoint({
  method: 'GET',
  path: '/api/promotion',
  tags: ['content'],
  auth: 'optional',
  summary: "Promotions with status 'display' (none for an excluded player)",
  response: lazy(() => z.array(promotionSchema)),
});

export const getPromotion = endpoint({
  method: 'GET',
  path: '/api/promotions/{id}',
  tags: ['content'],
  auth: 'optional',
  summary: 'One displayed promotion (404 for an excluded player)',
  params: lazy(() => z.object({ id: z.coerce.number().int().positive() })),
  response: promotionSchema,
});

// --- Market block -----------------------------------------------------------------

export const marketFlagsSchema = z.lazy(() =>
  z.object({
    /** 0 with status not 'active' blocks the exchange. */
    exchange_market: flag,
    /** 0 with status not 'active' blocks the game categories. */
    cs_market: flag,
    status: z.string(),
  }),
);
export type MarketFlags = z.infer<typeof marketFlagsSchema>;

export const getMarketBlock = endpoint({
  method: 'GET',
  path: '/api/market/block',
  tags: ['content'],
  auth: 'bearer',
  summary: "The player's market flags set by their upline",
  response: marketFlagsSchema,
});

// --- Game catalogue ------------------------------------------------------------------

export const GAME_TYPES = ['LIVE', 'SLOT', 'TABLE', 'BINGO', 'EGAME', 'FH', 'LOTTO', 'SPORTS'] as const;
export const gameTypeQuery = z.string().trim().min(1, 'The type field is required.').max(32).toUpperCase();

export const catalogSystemSchema = z.lazy(() => z.object({ platform: z.string(), name: z.string(), icon: z.string().nullable() }));
export type CatalogSystem = z.infer<typeof catalogSystemSchema>;

export const getSystems = endpoint({
  method: 'GET',
  path: '/api/get-system',
  tags: ['catalogue'],
  auth: 'none',
  query: lazy(() => z.object({ type: gameTypeQuery })),
  response: lazy(() => z.object({ systems: z.array(catalogSystemSchema) })),
  fallbackError: 'Failed to fetch systems',
});

/** `system` is a JSON list of system platforms (`["JILI","PG"]`); a bare platform also works. */
export const systemListQuery = z
  .string()
  .trim()
  .min(1, 'The system field is required.')
  .max(1000)
  .transform((v, ctx) => {
    try {
      const parsed: unknown = v.startsWith('[') ? JSON.parse(v) : v.split(',');
      if (Array.isArray(parsed) && parsed.every((s) => typeof s === 'string')) {
        return parsed.map((s) => s.trim()).filter(Boolean);
      }
    } catch {
      /* reported below */
    }
    ctx.addIssue({ code: 'custom', message: 'The system field must be a JSON list of platforms.' });
    return z.NEVER;
  });

export const catalogProviderSchema = z.lazy(() =>
  z.object({
    system: z.string(),
    platform: z.string(),
    name: z.string(),
    icon: z.string().nullable(),
  }),
);
export type CatalogProvider = z.infer<typeof catalogProviderSchema>;

export const getProviders = endpoint({
  method: 'GET',
  path: '/api/get-provider',
  tags: ['catalogue'],
  auth: 'none',
  query: lazy(() => z.object({ system: systemListQuery })),
  response: lazy(() => z.object({ data: z.array(catalogProviderSchema) })),
  fallbackError: 'Failed to fetch providers',
});

export const catalogGameSchema = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    type: z.string(),
    platform: z.string(),
    provider: z.string().nullable(),
    thumbnail: z.string().nullable(),
    /** When the game joined the catalogue (the games list's "Latest" sort). */
    created_at: z.string().optional(),
  }),
);
export type CatalogGame = z.infer<typeof catalogGameSchema>;

export const getGames = endpoint({
  method: 'GET',
  path: '/api/get-games',
  tags: ['catalogue'],
  auth: 'none',
  query: lazy(() => z.object({ type: gameTypeQuery, system: z.string().trim().max(1000).optional() })),
  response: lazy(() => z.object({ games: z.array(catalogGameSchema) })),
  fallbackError: 'Failed to fetch games',
});
