// Identity checks (issue 32): a player uploads the NID's two sides and a selfie on /profile (phone), a risk operator
// opens the submission in the console's KYC queue (1440×900), sees the three images and approves with the NID's
// birthday; the player's /profile then says verified and shows that birthday, locked. A player's token never reaches
// a document.
import { mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { API, bearer, openLoggedIn, verifiedPlayer } from './support';
import { openConsole, playerContext, staffHeaders, staffToken } from './staff';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/staff-shots';
mkdirSync(SHOTS, { recursive: true });

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A card-like PNG (a coloured band on a light card), so the screenshots show three different photos. */
function cardPng(rgb: [number, number, number], w = 320, h = 200): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const band = y < 50 || (x > 20 && x < 110 && y > 70 && y < 180);
      const px = band ? rgb : ([235, 232, 220] as const);
      raw.set(px, y * (w * 3 + 1) + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('tEXt', Buffer.from('Comment\0taken at 23.81N 90.41E', 'latin1')),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a player uploads the NID and a selfie on the phone; risk staff approve with the NID birthday; the birthday locks', async ({
  browser,
  page,
  request,
}) => {
  const player = await verifiedPlayer(request, { prefix: 'kyc', birthday: '1995-05-17' });
  const phone = await playerContext(browser);
  try {
    const p = await phone.newPage();
    await openLoggedIn(p, player.session, '/profile');
    const kyc = p.getByTestId('kyc');
    await expect(p.getByTestId('kyc-status')).toHaveText('Not verified');
    // the camera input asks the phone for its camera; the file input takes a photo from the gallery
    await expect(p.getByTestId('kyc-camera-selfie')).toHaveAttribute('capture', 'user');
    await expect(p.getByTestId('kyc-camera-nid_front')).toHaveAttribute('capture', 'environment');
    const files = {
      nid_front: cardPng([22, 101, 52]),
      nid_back: cardPng([160, 40, 40]),
      selfie: cardPng([40, 70, 160]),
    } as const;
    for (const [kind, buffer] of Object.entries(files)) {
      await p.getByTestId(`kyc-file-${kind}`).setInputFiles({ name: `${kind}.png`, mimeType: 'image/png', buffer });
      await expect(p.getByTestId(`kyc-${kind}`)).toContainText('Uploaded');
    }
    await expect(p.getByTestId('kyc-status')).toHaveText('Under review');
    await kyc.scrollIntoViewIfNeeded();
    await p.screenshot({ path: `${SHOTS}/kyc-phone-pending.png`, fullPage: true });

    // a player's token never reaches a document (nor the staff queue)
    const risk = await staffToken(request, 'risk');
    const detail = await (
      await request.get(`${API()}/api/operator/kyc/${player.session.remote_id}`, { headers: staffHeaders(risk) })
    ).json();
    const docId = detail.documents[0].id as number;
    expect((await request.get(`${API()}/api/operator/kyc/documents/${docId}`, { headers: bearer(player.session.token) })).status()).toBe(
      401,
    );

    // the risk operator reviews in the console
    await openConsole(page, 'risk', '/kyc');
    const queue = page.getByTestId('kyc-queue');
    const row = queue.locator('tbody tr', { hasText: player.username });
    await expect(row).toContainText('3 of 3');
    await expect(row).toContainText('pending');
    await page.screenshot({ path: `${SHOTS}/kyc-console-queue.png`, fullPage: true });
    await row.click();
    const submission = page.getByTestId('kyc-submission');
    for (const kind of Object.keys(files)) {
      const img = submission.getByTestId(`kyc-doc-${kind}`);
      await expect(img).toBeVisible();
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(320);
    }
    await expect(submission.getByTestId('kyc-player-dofb')).toContainText('1995-05-17 (typed by the player)');
    await page.screenshot({ path: `${SHOTS}/kyc-console-submission.png`, fullPage: true });
    await submission.getByTestId('kyc-nid-dofb').fill('1993-11-02');
    await submission.getByTestId('kyc-approve').click();
    await expect(page.getByTestId('kyc-done')).toContainText('Identity verified');
    await expect(submission.getByTestId('kyc-badge').first()).toHaveText('verified');
    await expect(submission.getByTestId('kyc-player-dofb')).toContainText('1993-11-02 (from the NID, locked)');

    // the players table filters by the state
    await page.goto(`${page.url().split('/kyc')[0]}/players`);
    await page.getByLabel('KYC').selectOption('verified');
    await page.getByPlaceholder('Username, phone, e-mail or id').fill(player.username);
    await expect(page.getByTestId('players-table').locator('tbody tr', { hasText: player.username })).toContainText('KYC verified');

    // each view of a document was audited under the operator's name
    const admin = await staffToken(request, 'admin');
    const audit = await (
      await request.get(`${API()}/api/operator/audit?action=kyc.document_view&per_page=200`, { headers: staffHeaders(admin) })
    ).json();
    expect(
      (audit.data as Array<{ username: string; after: { player_id: number } | null }>).filter(
        (a) => a.username === 'risk' && a.after?.player_id === Number(player.session.remote_id),
      ).length,
    ).toBeGreaterThanOrEqual(3);

    // the player's profile: verified, the NID's birthday, locked
    await p.reload();
    await expect(p.getByTestId('kyc-status')).toHaveText('Verified');
    await expect(p.getByTestId('dob-value')).toHaveText('1993-11-02');
    await expect(p.getByTestId('dob-nid-locked')).toHaveText('Verified from your NID: it can no longer be changed.');
    await expect(p.getByLabel('Date of Birth')).toHaveCount(0);
    await expect(p.getByTestId('kyc-file-selfie')).toHaveCount(0);
    await p.screenshot({ path: `${SHOTS}/kyc-phone-verified.png`, fullPage: true });
  } finally {
    await phone.close();
  }
});
