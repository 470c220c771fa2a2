import type { ImageSpec } from './images';

/** Seed content. Image files are generated placeholders (see images.ts). */

export const GENERAL = {
  site_title: 'Khela',
  site_status: 1,
  system_notice: 'Welcome to Khela! bKash, Nagad and Rocket deposits are processed 24/7. Play responsibly.',
  support_mail: 'support@khela.example',
  withdrawal_status: 1,
  whatsapp: 'https://wa.me/8801700000000',
  facebook: 'https://facebook.com/khela.bd',
  telegram: 'https://t.me/khela_bd',
  live_chat: 'https://khela.example/live-chat',
  intercom: null,
  tawk_id: null,
};

/**
 * The demo content's Bangla (issue 34): by the English text it translates, written beside it by seedContentBangla
 * (seed/index.ts) wherever staff have not written one, so a database seeded before the Bangla columns gets it too.
 */
export const CONTENT_BN = {
  system_notice: 'খেলায় স্বাগতম! বিকাশ, নগদ ও রকেট ডিপোজিট ২৪/৭ প্রক্রিয়া করা হয়। দায়িত্বের সাথে খেলুন।',
  sliders: {
    'Welcome Bonus 100%': 'স্বাগতম বোনাস ১০০%',
    'Sports Bonus 7,777': 'স্পোর্টস বোনাস ৭,৭৭৭',
    'Refer & Earn': 'রেফার করুন ও আয় করুন',
    'Sandbox Slots': 'স্যান্ডবক্স স্লট',
    'Sandbox Crash': 'স্যান্ডবক্স ক্র্যাশ',
    'Super Ace': 'সুপার এস',
    Aviator: 'এভিয়েটর',
    'Live Casino': 'লাইভ ক্যাসিনো',
    Fishing: 'ফিশিং',
    'Table Games': 'টেবিল গেম',
    Lottery: 'লটারি',
  } as Record<string, string>,
  promotions: {
    'Welcome Bonus 100% + Free Spins': {
      name: 'স্বাগতম বোনাস ১০০% + ফ্রি স্পিন',
      desc: 'প্রথম ডিপোজিটে ১০০% বোনাস, সাথে নির্বাচিত স্লটে ফ্রি স্পিন। অফারের মেয়াদ ২০২৪/১২/৩১ পর্যন্ত, নতুন সদস্যদের জন্য বাড়ানো হয়েছে।',
    },
    'Sports Welcome Bonus up to ৳7,777': {
      name: 'স্পোর্টস স্বাগতম বোনাস সর্বোচ্চ ৳৭,৭৭৭',
      desc: 'প্রথম স্পোর্টস ডিপোজিট দ্বিগুণ করুন, সর্বোচ্চ ৭,৭৭৭ টাকা। ক্রিকেট, ফুটবল ও টেনিস মার্কেট অন্তর্ভুক্ত।',
    },
    'Daily Slots Reload 10%': { name: 'প্রতিদিনের স্লট রিলোড ১০%', desc: 'প্রতিদিন রিলোড করুন আর স্লটে পান ১০% বাড়তি।' },
    'Live Casino Weekly Cashback 5%': {
      name: 'লাইভ ক্যাসিনো সাপ্তাহিক ক্যাশব্যাক ৫%',
      desc: 'সাপ্তাহিক লাইভ ক্যাসিনো ডিপোজিটের ৫% ফেরত পান।',
    },
    'Fishing Frenzy 15%': { name: 'ফিশিং ফ্রেনজি ১৫%', desc: 'ফিশিং গেমের ডিপোজিটে ধরুন ১৫% বাড়তি।' },
    'Crash Boost 20%': { name: 'ক্র্যাশ বুস্ট ২০%', desc: 'ক্র্যাশ গেমে ২০% বাড়তি নিয়ে আরও উঁচুতে উড়ুন।' },
    'Table & Arcade Friday 12%': { name: 'টেবিল ও আর্কেড শুক্রবার ১২%', desc: 'প্রতি শুক্রবার: টেবিল ও আর্কেড গেমে ১২% বাড়তি।' },
    'Lottery, E-sports & P2P Special': {
      name: 'লটারি, ই-স্পোর্টস ও P2P স্পেশাল',
      desc: 'লটারি, ই-স্পোর্টস, P2P ও অন্যান্য গেমে ৮% ডিপোজিট বোনাস।',
    },
  } as Record<string, { name: string; desc: string }>,
};

export const LOGO = {
  logo: 'logos/logo.svg',
  mobile_logo: 'logos/mobile-logo.svg',
  loader_logo: 'logos/loader.svg',
  favicon: 'logos/favicon.svg',
};

export const SLIDERS: Array<{ type: 'Main' | 'Favourite' | 'Features'; name: string; link: string }> = [
  { type: 'Main', name: 'Welcome Bonus 100%', link: '/promotions' },
  { type: 'Main', name: 'Sports Bonus 7,777', link: '/promotions' },
  { type: 'Main', name: 'Refer & Earn', link: '/refrrel-program' },
  { type: 'Favourite', name: 'Sandbox Slots', link: '/games?type=SLOT&system=SANDBOX&title=Slot' },
  { type: 'Favourite', name: 'Sandbox Crash', link: '/games?type=EGAME&system=SANDBOX&title=Crash' },
  { type: 'Favourite', name: 'Super Ace', link: '/games?type=SLOT&system=JILI&title=Slot' },
  { type: 'Favourite', name: 'Aviator', link: '/games?type=EGAME&system=SPRIBE&title=Crash' },
  { type: 'Features', name: 'Live Casino', link: '/games?type=LIVE&system=EVOLUTION&title=Casino' },
  { type: 'Features', name: 'Fishing', link: '/games?type=FH&system=JDB&title=Fishing' },
  { type: 'Features', name: 'Table Games', link: '/games?type=TABLE&system=KINGMAKER&title=Table' },
  { type: 'Features', name: 'Lottery', link: '/games?type=LOTTO&system=KINGMAKER&title=Lottery' },
];

export const SOCIAL_LINKS = [
  { name: 'Facebook', link: 'https://facebook.com/khela.bd', hue: 220 },
  { name: 'Telegram', link: 'https://t.me/khela_bd', hue: 200 },
  { name: 'WhatsApp', link: 'https://wa.me/8801700000000', hue: 140 },
  { name: 'YouTube', link: 'https://youtube.com/@khela', hue: 0 },
  { name: 'Instagram', link: 'https://instagram.com/khela.bd', hue: 320 },
];

/** categories: bit flags of spec section 2 (99 = Welcome Offer). */
export const PROMOTIONS = [
  {
    name: 'Welcome Bonus 100% + Free Spins',
    categories: 99,
    bonus: 100,
    max: '10000.00',
    turnover: 10,
    status: 'display',
    desc: 'Get a 100% bonus on your first deposit plus free spins on selected slots. Offer period until 2024/12/31, extended for new members.',
  },
  {
    name: 'Sports Welcome Bonus up to ৳7,777',
    categories: 4,
    bonus: 100,
    max: '7777.00',
    turnover: 12,
    status: 'display',
    desc: 'Double your first sports deposit up to 7,777 BDT. Cricket, soccer and tennis markets included.',
  },
  {
    name: 'Daily Slots Reload 10%',
    categories: 1,
    bonus: 10,
    max: '2000.00',
    turnover: 5,
    status: 'display',
    desc: 'Reload every day and get 10% extra for slots.',
  },
  {
    name: 'Live Casino Weekly Cashback 5%',
    categories: 2,
    bonus: 5,
    max: '5000.00',
    turnover: 1,
    status: 'display',
    desc: 'Get 5% of your weekly live casino deposits back.',
  },
  {
    name: 'Fishing Frenzy 15%',
    categories: 8,
    bonus: 15,
    max: '1500.00',
    turnover: 6,
    status: 'display',
    desc: 'Catch 15% extra on fishing game deposits.',
  },
  {
    name: 'Crash Boost 20%',
    categories: 8192,
    bonus: 20,
    max: '3000.00',
    turnover: 8,
    status: 'display',
    desc: 'Fly higher with 20% extra on crash games.',
  },
  {
    name: 'Table & Arcade Friday 12%',
    categories: 256 | 1024,
    bonus: 12,
    max: '2500.00',
    turnover: 6,
    status: 'display',
    desc: 'Every Friday: 12% extra for table and arcade games.',
  },
  {
    name: 'Lottery, E-sports & P2P Special',
    categories: 64 | 32 | 128 | 512,
    bonus: 8,
    max: null,
    turnover: 3,
    status: 'display',
    desc: 'An 8% deposit bonus for lottery, e-sports, P2P and other games.',
  },
  {
    name: 'Draft: VIP Reload (not listed)',
    categories: 512,
    bonus: 30,
    max: null,
    turnover: 10,
    status: 'active',
    desc: "Status 'active' promotions are drafts and are not listed.",
  },
] as const;

export const PAYMENT_METHODS = [
  { code: 'bkash', name: 'bKash', account_type: 'Agent', hue: 330, numbers: ['01711000001', '01711000002'], withdraw: true, pgs: null },
  { code: 'nagad', name: 'Nagad', account_type: 'Personal', hue: 20, numbers: ['01811000001'], withdraw: true, pgs: null },
  { code: 'rocket', name: 'Rocket', account_type: 'Merchant', hue: 280, numbers: ['01911000001'], withdraw: true, pgs: null },
  {
    code: 'ewallet',
    name: 'E-Wallet',
    account_type: 'ewallet',
    hue: 190,
    numbers: ['01611000001'],
    withdraw: false,
    pgs: [
      { name: 'bKash', code: 'bkash', icon: '/storage/payments/bkash.svg' },
      { name: 'Nagad', code: 'nagad', icon: '/storage/payments/nagad.svg' },
      { name: 'Upay', code: 'upay', icon: '/storage/payments/upay.svg' },
    ],
  },
] as const;

export const GAME_TYPES = [
  ['SPORTS', 'Sports'],
  ['LIVE', 'Casino'],
  ['SLOT', 'Slot'],
  ['TABLE', 'Table'],
  ['BINGO', 'Poker'],
  ['EGAME', 'Crash'],
  ['FH', 'Fishing'],
  ['LOTTO', 'Lottery'],
] as const;

/** Systems and their providers; SANDBOX is the playable test provider. */
export const SYSTEMS = [
  { platform: 'SANDBOX', name: 'Khela Sandbox', hue: 45, providers: [['SANDBOX', 'Khela Sandbox']] },
  { platform: 'JILI', name: 'JILI', hue: 10, providers: [['JILI', 'JILI Games']] },
  { platform: 'PG', name: 'PG Soft', hue: 260, providers: [['PG', 'PG Soft']] },
  {
    platform: 'EVOLUTION',
    name: 'Evolution',
    hue: 150,
    providers: [
      ['EVOLUTION', 'Evolution Gaming'],
      ['EZUGI', 'Ezugi'],
    ],
  },
  { platform: 'SEXYBCRT', name: 'AE Sexy', hue: 340, providers: [['SEXYBCRT', 'AE Sexy Baccarat']] },
  { platform: 'KINGMAKER', name: 'Kingmaker', hue: 30, providers: [['KINGMAKER', 'Kingmaker']] },
  { platform: 'JDB', name: 'JDB', hue: 210, providers: [['JDB', 'JDB Gaming']] },
  { platform: 'SPRIBE', name: 'Spribe', hue: 0, providers: [['SPRIBE', 'Spribe']] },
] as const;

export const GAMES = [
  { code: 'sandbox-slot', name: 'Sandbox Slots', type: 'SLOT', platform: 'SANDBOX', featured: true },
  { code: 'sandbox-crash', name: 'Sandbox Crash', type: 'EGAME', platform: 'SANDBOX', featured: true },
  { code: 'JILI-SLOT-001', name: 'Super Ace', type: 'SLOT', platform: 'JILI', featured: true },
  { code: 'JILI-SLOT-002', name: 'Money Coming', type: 'SLOT', platform: 'JILI', featured: false },
  { code: 'PG-SLOT-001', name: 'Mahjong Ways', type: 'SLOT', platform: 'PG', featured: false },
  { code: 'EVO-LIVE-001', name: 'Lightning Roulette', type: 'LIVE', platform: 'EVOLUTION', featured: true },
  { code: 'EZUGI-LIVE-001', name: 'Andar Bahar Live', type: 'LIVE', platform: 'EVOLUTION', provider: 'EZUGI', featured: false },
  { code: 'SEXY-LIVE-001', name: 'Baccarat Classic', type: 'LIVE', platform: 'SEXYBCRT', featured: false },
  { code: 'KM-TABLE-001', name: 'Teen Patti', type: 'TABLE', platform: 'KINGMAKER', featured: false },
  { code: 'KM-TABLE-002', name: 'Dragon Tiger', type: 'TABLE', platform: 'KINGMAKER', featured: false },
  { code: 'JILI-BINGO-001', name: 'Bingo Carnaval', type: 'BINGO', platform: 'JILI', featured: false },
  { code: 'SPRIBE-EGAME-001', name: 'Aviator', type: 'EGAME', platform: 'SPRIBE', featured: true },
  { code: 'JDB-FH-001', name: 'Dragon Fishing', type: 'FH', platform: 'JDB', featured: false },
  { code: 'JILI-FH-001', name: 'Royal Fishing', type: 'FH', platform: 'JILI', featured: false },
  { code: 'KM-LOTTO-001', name: 'Thai Lottery', type: 'LOTTO', platform: 'KINGMAKER', featured: false },
  { code: 'JILI-LOTTO-001', name: 'Keno Bonus', type: 'LOTTO', platform: 'JILI', featured: false },
] as const;

/** The demo's back-office staff, one per role (development only; production makes operators with staff:create). */
export const OPERATORS = [
  { username: 'admin', password: 'admin123', name: 'Admin', role: 'admin' },
  { username: 'operator', password: 'operator123', name: 'Payments Operator', role: 'payments' },
  { username: 'support', password: 'support123', name: 'Support Agent', role: 'support' },
  { username: 'content', password: 'content123', name: 'Content Editor', role: 'content' },
  { username: 'risk', password: 'risk123', name: 'Risk Analyst', role: 'risk' },
] as const;
/** The payments operator of the demo (the README's operator/operator123). */
export const OPERATOR = OPERATORS[1];

export const DEMO_PLAYER = {
  username: 'demo1234',
  password: 'demo1234',
  name: 'Demo Player',
  phone: '01712345678',
  email: 'demo@khela.example',
  currency: 'BDT' as const,
  dofb: '1995-06-15',
  vip_coin: 50,
  cash_bonus: '25.00',
  referral_code: 'DEMO1234',
  opening_balance: '5000.00',
};

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
export const sliderFile = (s: { type: string; name: string }) => `sliders/${s.type.toLowerCase()}-${slug(s.name)}.svg`;
export const promotionFile = (i: number) => `promotions/promo-${i + 1}.svg`;
export const gameFile = (code: string) => `games/${slug(code)}.svg`;

/**
 * The logo record's files: the product's own artwork (shell/public/brand, which the shell also serves as favicon, app
 * icons and manifest), copied into the API's storage like the staff's uploads would be.
 */
export const BRAND_FILES: ReadonlyArray<{ file: string; from: string }> = [
  { file: LOGO.logo, from: 'logo.svg' },
  { file: LOGO.mobile_logo, from: 'logo.svg' },
  { file: LOGO.loader_logo, from: 'loader.svg' },
  { file: LOGO.favicon, from: 'emblem.svg' },
];

export function imageSpecs(): ImageSpec[] {
  return [
    ...SLIDERS.map((s, i) =>
      s.type === 'Main'
        ? { file: sliderFile(s), w: 1200, h: 400, title: s.name, subtitle: 'Khela', hue: (i * 47) % 360 }
        : { file: sliderFile(s), w: 400, h: 300, title: s.name, subtitle: s.type, hue: (i * 47) % 360 },
    ),
    ...SOCIAL_LINKS.map((s) => ({ file: `social/${slug(s.name)}.svg`, w: 64, h: 64, title: s.name.slice(0, 2), hue: s.hue })),
    ...PROMOTIONS.map((p, i) => ({
      file: promotionFile(i),
      w: 800,
      h: 400,
      title: p.name,
      subtitle: 'Khela Promotion',
      hue: (i * 39 + 10) % 360,
    })),
    ...PAYMENT_METHODS.map((m) => ({ file: `payments/${m.code}.svg`, w: 120, h: 60, title: m.name, hue: m.hue })),
    { file: 'payments/upay.svg', w: 120, h: 60, title: 'Upay', hue: 55 },
    ...SYSTEMS.map((s) => ({ file: `systems/${slug(s.platform)}.svg`, w: 160, h: 64, title: s.name, hue: s.hue })),
    ...GAMES.map((g, i) => ({ file: gameFile(g.code), w: 300, h: 300, title: g.name, subtitle: g.platform, hue: (i * 23) % 360 })),
  ];
}
