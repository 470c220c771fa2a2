import { DEFAULT_BET_DELAY_SECONDS, DEFAULT_COMMISSION_BPS, type ExchangeMarketKind } from './exchange';

/**
 * The rules a player reads on every exchange market (the odds view's Rules), in English and Bangla. They say what the
 * engine and settlement do (api/src/exchange: matching, bet delay, commission, settlement, re-settlement) and the
 * operator's policy where staff decide (void, a tie, rain): the figures come from the same constants the API uses, so
 * a changed commission or delay changes the text too.
 */
export type RulesLocale = 'en' | 'bn';

export interface RulesSection {
  title: string;
  points: string[];
}

/** The Fancy tab types (the odds host's `type`): 2 Fancy, 3 Ball by Ball, 4 Khadda, 5 Lottery, 6 Odd/Even. */
export type FancyRulesType = 2 | 3 | 4 | 5 | 6;

const bnDigits = (s: string) => s.replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
const percent = (bps: number) => `${bps / 100}%`;

function general(locale: RulesLocale): RulesSection {
  return locale === 'bn'
    ? {
        title: 'সব মার্কেটের নিয়ম',
        points: [
          'ফলাফল ম্যাচের অফিশিয়াল উৎস যা ঘোষণা করে তা-ই। ম্যাচ বাতিল হলে বা কোনো ফলাফল না হলে মার্কেটটি বাতিল (void) হয় এবং সব বাজির টাকা ফেরত আসে।',
          'ফলাফল সংশোধন হলে বাজিগুলো নতুন ফলাফলে আবার নিষ্পত্তি হয়। আগে দেওয়া জয়ের টাকা ফেরত নেওয়া হয়; তার যতটা আপনি আগেই খরচ করেছেন ততটা দেনা হিসেবে থাকে এবং পরের জমা ও জয় থেকে শোধ হয়।',
          'ভুল দরে (স্পষ্ট ত্রুটি) বা ফলাফল জানা হয়ে যাওয়ার পরে নেওয়া বাজি বাতিল হতে পারে।',
          'মার্কেট স্থগিত (Suspended) থাকলে বা বল চলার সময় (Ball Running) কোনো বাজি নেওয়া হয় না।',
        ],
      }
    : {
        title: 'Every market',
        points: [
          "Markets are settled on the result the match's official source declares. A match abandoned or without a result makes the market void: every bet's stake comes back.",
          'If a result is corrected, bets are settled again on the new result. Winnings already paid are taken back; what you had already used of them stays as a debt, repaid from your next deposits and winnings.',
          'Bets taken at an obviously wrong price or rate, or after the result was known, may be made void.',
          'No bet is taken while a market is suspended or while the ball is running.',
        ],
      };
}

function matchOdds(locale: RulesLocale): RulesSection {
  const commission = percent(DEFAULT_COMMISSION_BPS.MATCH_ODDS);
  const delay = String(DEFAULT_BET_DELAY_SECONDS.MATCH_ODDS);
  return locale === 'bn'
    ? {
        title: 'ম্যাচ অডস',
        points: [
          'কে ম্যাচ জিতবে তার উপর বাজি। আপনার বাজি অন্য খেলোয়াড়দের বিপরীত বাজির সাথে মেলে: সেরা দর আগে, একই দরে যে আগে এসেছে সে আগে।',
          'ব্যাক জিতলে স্টেক × (দর − ১) পান, হারলে স্টেক হারান। লে জিতলে স্টেক পান, হারলে স্টেক × (দর − ১) দিতে হয় (আপনার দায়)।',
          'যে অংশ মেলেনি তা খেলা শুরু (ইন-প্লে) হলে বাতিল হয়ে যায়; মেলার আগে আপনি নিজে বাতিল করতে পারেন।',
          bnDigits(
            `ইন-প্লেতে যে বাজি সঙ্গে সঙ্গে মিলবে তা সাধারণত ${delay} সেকেন্ড অপেক্ষা করে; ততক্ষণে দর সরে গেলে বা মার্কেট স্থগিত হলে বাজিটি বাতিল হয়।`,
          ),
          bnDigits(`এই মার্কেটে আপনার নিট জয়ের উপর ${commission} কমিশন কাটা হয়; হারলে কোনো কমিশন নেই।`),
          'টাই হলে এবং সুপার ওভার বা অন্য কোনোভাবে বিজয়ী ঘোষিত না হলে মার্কেটটি বাতিল হয়।',
        ],
      }
    : {
        title: 'Match Odds',
        points: [
          "Bet on who wins the match. Your bet is matched against other players' opposite bets: the best price first, and at one price whoever came first.",
          'A back wins stake × (price − 1) and loses the stake. A lay wins the stake and loses stake × (price − 1) (its liability).',
          'What is still unmatched when the match turns in-play is cancelled; before it is matched you may cancel it yourself.',
          `In play, a bet that would match at once usually waits ${delay} seconds; if the price moves away or the market is suspended meanwhile, the bet lapses.`,
          `A commission of ${commission} is taken from your net winnings on the market; none when you lose.`,
          'A tie with no winner declared (by a Super Over or otherwise) makes the market void.',
        ],
      };
}

function bookmaker(locale: RulesLocale): RulesSection {
  const delay = String(DEFAULT_BET_DELAY_SECONDS.BOOKMAKER);
  return locale === 'bn'
    ? {
        title: 'বুকমেকার',
        points: [
          'দর সাইট নিজে দেয়, প্রতি ১০০-তে: ৪৫ মানে প্রতি ১০০ স্টেকে ৪৫ জয়।',
          'ব্যাক জিতলে স্টেক × দর ÷ ১০০ পান, হারলে স্টেক হারান। লে জিতলে স্টেক পান, হারলে স্টেক × দর ÷ ১০০ দিতে হয়।',
          'বাজি দেখানো দরে পুরোটা নেওয়া হয়; আপনি দেখার পরে দর বদলালে বাজিটি নেওয়া হয় না, নতুন দর দেখে আবার বাজি ধরুন।',
          bnDigits(`ইন-প্লেতে বাজি সাধারণত ${delay} সেকেন্ড অপেক্ষা করে; ততক্ষণে দর বদলালে বা স্থগিত হলে বাজিটি বাতিল হয়।`),
          'বুকমেকার মার্কেটে কোনো কমিশন নেই।',
        ],
      }
    : {
        title: 'BookMaker',
        points: [
          'The site sets the rates, per 100: 45 means 45 won for every 100 staked.',
          'A back wins stake × rate ÷ 100 and loses the stake. A lay wins the stake and loses stake × rate ÷ 100.',
          'A bet is taken whole at the rate shown; if the rate changed after you saw it, the bet is not taken: check the new rate and bet again.',
          `In play a bet usually waits ${delay} seconds; if the rate changes or the market is suspended meanwhile, the bet lapses.`,
          'No commission on BookMaker markets.',
        ],
      };
}

function fancyGeneral(locale: RulesLocale): RulesSection {
  return locale === 'bn'
    ? {
        title: 'ফ্যান্সি (সেশন)',
        points: [
          'প্রতিটি সারিতে একটি NO লাইন ও একটি YES লাইন থাকে, প্রতিটির দর প্রতি ১০০-তে।',
          'YES: রান YES লাইনে পৌঁছালে স্টেক × দর ÷ ১০০ জেতেন, না পৌঁছালে স্টেক হারান।',
          'NO: রান NO লাইনের নিচে থাকলে স্টেক জেতেন, না থাকলে স্টেক × দর ÷ ১০০ হারান।',
          'রান দুই লাইনের মাঝে থামলে YES ও NO দুই পক্ষই হারে।',
          'ম্যাচ টাই হলেও ফ্যান্সি বাজি বহাল থাকে এবং রানের উপর নিষ্পত্তি হয়। স্থগিত হয়ে আর না খোলা সারিও ফলাফলের রানে নিষ্পত্তি হয়।',
          'পেনাল্টি রান গোনা হয় না।',
          'বৃষ্টি বা অন্য কারণে ওভার কমে গিয়ে সারির ওভার পর্যন্ত খেলা না হলে সারিটি বাতিল হয়; যেখানে ফলাফল আগেই নিশ্চিত, সেখানে তা বহাল থাকে।',
          'দেখানোর পরে লাইন বা দর বদলালে বাজিটি নেওয়া হয় না। ফ্যান্সিতে কোনো কমিশন নেই।',
        ],
      }
    : {
        title: 'Fancy (sessions)',
        points: [
          'Each row has a NO line and a YES line, each with its rate per 100.',
          'YES wins stake × rate ÷ 100 when the runs reach the YES line, and loses the stake when they do not.',
          'NO wins the stake when the runs stay below the NO line, and loses stake × rate ÷ 100 when they do not.',
          'When the runs stop between the two lines, YES and NO both lose.',
          'A Fancy stands if the match is tied and is settled on the runs. A row suspended and never reopened is settled on the result.',
          'Penalty runs do not count.',
          "If overs are lost to rain or anything else and the row's over is not reached, the row is void; a row whose result was already certain stands.",
          'A bet is not taken if the line or rate changed after you saw it. No commission on Fancy.',
        ],
      };
}

function fancyType(type: FancyRulesType, locale: RulesLocale): RulesSection {
  const en: Record<FancyRulesType, RulesSection> = {
    2: { title: 'Fancy', points: ['Runs of a team or a batter up to the over or event the row names.'] },
    3: { title: 'Ball by Ball', points: ['Runs off the ball the row names, extras included; penalty runs do not count.'] },
    4: {
      title: 'Khadda',
      points: [
        'A run line with a wide gap between NO and YES: the runs must pass the YES line or stay below the NO line; in the gap, both sides lose.',
      ],
    },
    5: {
      title: 'Lottery',
      points: [
        'The lines are on the last digit of the runs the row names (0 to 9): YES wins when that digit reaches the YES line, NO when it stays below the NO line.',
      ],
    },
    6: { title: 'Odd/Even', points: ['YES wins when the runs the row names are odd, NO when they are even.'] },
  };
  const bn: Record<FancyRulesType, RulesSection> = {
    2: { title: 'ফ্যান্সি', points: ['সারিতে লেখা ওভার বা ঘটনা পর্যন্ত কোনো দল বা ব্যাটারের রান।'] },
    3: { title: 'বল বাই বল', points: ['সারিতে লেখা বলটিতে হওয়া রান, অতিরিক্ত রানসহ; পেনাল্টি রান গোনা হয় না।'] },
    4: {
      title: 'খাদ্দা',
      points: ['NO ও YES লাইনের মাঝে বড় ফাঁকসহ রান লাইন: রান YES লাইন পার হতে হবে বা NO লাইনের নিচে থাকতে হবে; ফাঁকে থামলে দুই পক্ষই হারে।'],
    },
    5: {
      title: 'লটারি',
      points: ['লাইনগুলো সারিতে লেখা রানের শেষ অঙ্কের উপর (০ থেকে ৯): সেই অঙ্ক YES লাইনে পৌঁছালে YES জেতে, NO লাইনের নিচে থাকলে NO জেতে।'],
    },
    6: { title: 'জোড়/বিজোড়', points: ['সারিতে লেখা রান বিজোড় হলে YES জেতে, জোড় হলে NO জেতে।'] },
  };
  return (locale === 'bn' ? bn : en)[type];
}

/** The rules of one market kind, most specific first, then what holds on every market. */
export function marketRules(kind: ExchangeMarketKind, locale: RulesLocale): RulesSection[] {
  if (kind === 'MATCH_ODDS') return [matchOdds(locale), general(locale)];
  if (kind === 'BOOKMAKER') return [bookmaker(locale), general(locale)];
  return [fancyGeneral(locale), ...([2, 3, 4, 5, 6] as const).map((t) => fancyType(t, locale)), general(locale)];
}
