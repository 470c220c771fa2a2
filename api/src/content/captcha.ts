import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CAPTCHA_ID_HEADER, CAPTCHA_PATH } from '@khela/contracts';
import { storeCaptcha } from './service';

/** A 4-digit SVG captcha: digits jittered and rotated over noise lines. */
export function captchaSvg(code: string): string {
  const w = 120;
  const h = 44;
  const lines = Array.from({ length: 6 }, () => {
    const c = `hsl(${randomInt(360)},60%,55%)`;
    return `<line x1="${randomInt(w)}" y1="${randomInt(h)}" x2="${randomInt(w)}" y2="${randomInt(h)}" stroke="${c}" stroke-width="1.5"/>`;
  }).join('');
  const digits = [...code]
    .map((d, i) => {
      const x = 16 + i * 26 + randomInt(-3, 4);
      const y = 31 + randomInt(-4, 5);
      const rot = randomInt(-25, 26);
      const c = `hsl(${randomInt(360)},70%,30%)`;
      return `<text x="${x}" y="${y}" transform="rotate(${rot} ${x} ${y})" font-family="monospace" font-size="26" font-weight="bold" fill="${c}">${d}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f1f5f9"/>${lines}${digits}</svg>`;
}

export function captchaRoute(app: FastifyInstance) {
  app.get(
    CAPTCHA_PATH,
    { schema: { tags: ['content'], summary: `4-digit captcha SVG; its id is in the ${CAPTCHA_ID_HEADER} header` } },
    async (_req, reply) => {
      const id = randomUUID();
      const code = String(randomInt(0, 10_000)).padStart(4, '0');
      await storeCaptcha(app.db, id, code);
      return reply.header(CAPTCHA_ID_HEADER, id).header('cache-control', 'no-store').type('image/svg+xml').send(captchaSvg(code));
    },
  );
}
