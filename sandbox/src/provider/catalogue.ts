/*
 * The studio's game catalogue and its art, as an aggregator publishes them: `GET /provider/api/games` (a signed
 * call, like every partner call) lists the games with a thumbnail URL each, and `GET /provider/art/{code}.svg`
 * serves the picture. The sandbox draws its pictures (a motif per game kind); some catalogue games have none, as
 * with real studios, and the operator keeps its own picture for those.
 */

import type { ProviderCatalogue } from '@khela/contracts';

export type ArtMotif = 'reels' | 'crash' | 'roulette' | 'cards' | 'fish' | 'balls';

export interface StudioGame {
  game_code: string;
  name: string;
  motif: ArtMotif;
  /** Two hues of the background gradient. */
  hues: [number, number];
}

/** The games this studio has art for (codes as in the operator's catalogue). */
export const STUDIO_GAMES: readonly StudioGame[] = [
  { game_code: 'sandbox-slot', name: 'Sandbox Slots', motif: 'reels', hues: [280, 320] },
  { game_code: 'sandbox-crash', name: 'Sandbox Crash', motif: 'crash', hues: [220, 260] },
  { game_code: 'JILI-SLOT-001', name: 'Super Ace', motif: 'cards', hues: [0, 30] },
  { game_code: 'JILI-SLOT-002', name: 'Money Coming', motif: 'reels', hues: [40, 10] },
  { game_code: 'PG-SLOT-001', name: 'Mahjong Ways', motif: 'reels', hues: [150, 190] },
  { game_code: 'EVO-LIVE-001', name: 'Lightning Roulette', motif: 'roulette', hues: [250, 290] },
  { game_code: 'KM-TABLE-001', name: 'Teen Patti', motif: 'cards', hues: [120, 160] },
  { game_code: 'KM-TABLE-002', name: 'Dragon Tiger', motif: 'cards', hues: [350, 20] },
  { game_code: 'JILI-BINGO-001', name: 'Bingo Carnaval', motif: 'balls', hues: [190, 230] },
  { game_code: 'SPRIBE-EGAME-001', name: 'Aviator', motif: 'crash', hues: [355, 15] },
  { game_code: 'JDB-FH-001', name: 'Dragon Fishing', motif: 'fish', hues: [190, 210] },
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function motif(kind: ArtMotif): string {
  switch (kind) {
    case 'reels': {
      const symbols = ['7', '★', '7'];
      return symbols
        .map(
          (s, i) =>
            `<rect x="${38 + i * 78}" y="70" width="68" height="110" rx="10" fill="#fff" fill-opacity="0.92"/>` +
            `<text x="${72 + i * 78}" y="146" text-anchor="middle" font-family="Arial, sans-serif" font-weight="bold" font-size="56" fill="${i === 1 ? '#f5a623' : '#d0021b'}">${s}</text>`,
        )
        .join('');
    }
    case 'crash':
      return (
        `<path d="M30 200 Q150 190 250 70" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"/>` +
        `<path d="M30 200 Q150 190 250 70 L250 200 Z" fill="#fff" fill-opacity="0.18"/>` +
        `<polygon points="236,64 270,56 252,86" fill="#ffd54f"/>` +
        `<text x="70" y="110" font-family="Arial, sans-serif" font-weight="bold" font-size="40" fill="#fff">2.35x</text>`
      );
    case 'roulette': {
      const slices = Array.from({ length: 12 }, (_, i) => {
        const a0 = (i * Math.PI) / 6;
        const a1 = ((i + 1) * Math.PI) / 6;
        const p = (a: number) => `${(150 + 80 * Math.cos(a)).toFixed(1)} ${(130 + 80 * Math.sin(a)).toFixed(1)}`;
        return `<path d="M150 130 L${p(a0)} A80 80 0 0 1 ${p(a1)} Z" fill="${i % 2 ? '#c62828' : '#212121'}"/>`;
      }).join('');
      return `<circle cx="150" cy="130" r="88" fill="#8d6e63"/>${slices}<circle cx="150" cy="130" r="30" fill="#2e7d32"/><circle cx="190" cy="92" r="8" fill="#fff"/>`;
    }
    case 'cards':
      return [
        ['A', '♠', '#212121', -14, 92],
        ['K', '♥', '#c62828', 0, 150],
        ['Q', '♦', '#c62828', 14, 208],
      ]
        .map(
          ([rank, suit, colour, rot, x]) =>
            `<g transform="rotate(${rot} ${x} 130)"><rect x="${Number(x) - 40}" y="70" width="80" height="116" rx="8" fill="#fff"/>` +
            `<text x="${x}" y="118" text-anchor="middle" font-family="Arial, sans-serif" font-weight="bold" font-size="34" fill="${colour}">${rank}</text>` +
            `<text x="${x}" y="162" text-anchor="middle" font-family="Arial, sans-serif" font-size="34" fill="${colour}">${suit}</text></g>`,
        )
        .join('');
    case 'fish':
      return (
        `<ellipse cx="140" cy="130" rx="70" ry="38" fill="#ffb300"/><polygon points="200,130 250,95 250,165" fill="#ff8f00"/>` +
        `<circle cx="105" cy="120" r="8" fill="#212121"/>` +
        [60, 120, 230]
          .map((x, i) => `<circle cx="${x}" cy="${200 - i * 12}" r="${6 + i * 2}" fill="none" stroke="#fff" stroke-width="3"/>`)
          .join('')
      );
    case 'balls':
      return [
        [80, 110, '#e53935', '7'],
        [150, 95, '#1e88e5', '22'],
        [220, 110, '#43a047', '45'],
        [115, 170, '#fdd835', '61'],
        [185, 170, '#8e24aa', '13'],
      ]
        .map(
          ([x, y, c, n]) =>
            `<circle cx="${x}" cy="${y}" r="30" fill="${c}"/><circle cx="${x}" cy="${y}" r="17" fill="#fff"/>` +
            `<text x="${x}" y="${Number(y) + 7}" text-anchor="middle" font-family="Arial, sans-serif" font-weight="bold" font-size="18" fill="#212121">${n}</text>`,
        )
        .join('');
  }
}

/** The game's thumbnail: its motif on the studio's gradient, with the game's name under it (300×300). */
export function gameArtSvg(game: StudioGame): string {
  const [a, b] = game.hues;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${a},70%,45%)"/><stop offset="1" stop-color="hsl(${b},75%,22%)"/></linearGradient></defs>
<rect width="300" height="300" rx="18" fill="url(#bg)"/>
${motif(game.motif)}
<rect x="0" y="232" width="300" height="68" fill="#000" fill-opacity="0.35"/>
<text x="150" y="276" text-anchor="middle" font-family="Arial, sans-serif" font-weight="bold" font-size="${game.name.length > 14 ? 24 : 28}" fill="#fff">${escape(game.name)}</text>
</svg>
`;
}

/** The catalogue answer: every game with the absolute URL of its thumbnail. */
export function catalogue(artBase: string): ProviderCatalogue {
  return {
    games: STUDIO_GAMES.map((g) => ({
      game_code: g.game_code,
      name: g.name,
      thumbnail: `${artBase}/${encodeURIComponent(g.game_code)}.svg`,
    })),
  };
}
