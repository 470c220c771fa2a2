import type { FastifyInstance } from 'fastify';
import {
  addSendCodeEndpoint,
  addVerifyPhoneEndpoint,
  CODE_RESEND_SECONDS,
  sendVerificationCodeEndpoint,
  verifyEmailEndpoint,
  verifyPhoneEndpoint,
} from '@khela/contracts';
import { registerEndpoint, requirePlayer } from '../../http/endpoint';
import { BadRequest } from '../../errors';
import { challengeHeader } from '../../infra/challenge';
import type { IdentityContext } from '../context';
import { publishUnread } from '../../core/inbox';
import { extraPhones, loadPlayer } from '../profile/service';
import { consumeCode, normalizeEmail, normalizePhone } from './codes';
import {
  deliverCode,
  emailVerifiedElsewhere,
  markEmailVerified,
  markExtraPhoneVerified,
  markPhoneVerified,
  PHONE_TAKEN,
  phoneVerifiedElsewhere,
} from './service';

/** One-time codes that verify the main phone, the e-mail address and extra phones. */
export function verificationRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const db = app.db;
  const { config } = ctx;
  const delivery = { db, config, messenger: ctx.messenger, log: app.log };

  registerEndpoint(app, sendVerificationCodeEndpoint, async (req) => {
    const player = requirePlayer(req);
    const p = await loadPlayer(db, player.id);
    if (req.body.phone) {
      if (p.phone_verified) throw new BadRequest('Your phone number is already verified.');
      if (!p.phone || normalizePhone(req.body.phone) !== p.phone) throw new BadRequest('This is not your registered phone number.');
      // no code (and no SMS) for a phone another account has verified
      if (await phoneVerifiedElsewhere(db, p.phone, player.id)) throw new BadRequest(PHONE_TAKEN);
      await deliverCode(delivery, {
        playerId: player.id,
        username: p.username,
        purpose: 'phone',
        channel: 'sms',
        destination: p.phone,
        ip: req.ip,
        challenge: challengeHeader(req.headers),
      });
      return { message: 'Verification code sent to your phone.', resend_in: CODE_RESEND_SECONDS };
    }
    const email = normalizeEmail(req.body.email!);
    if (p.email_verified_at && p.email === email) throw new BadRequest('Your email is already verified.');
    if (await emailVerifiedElsewhere(db, email, player.id)) throw new BadRequest('This email is already used by another account.');
    await deliverCode(delivery, {
      playerId: player.id,
      username: p.username,
      purpose: 'email',
      channel: 'email',
      destination: email,
      ip: req.ip,
      challenge: challengeHeader(req.headers),
    });
    return { message: 'Verification code sent to your email.', resend_in: CODE_RESEND_SECONDS };
  });

  registerEndpoint(app, verifyEmailEndpoint, async (req) => {
    const playerId = requirePlayer(req).id;
    const { destination } = await consumeCode(db, config, playerId, 'email', req.body.code);
    await markEmailVerified(db, playerId, destination);
    return { message: 'Your email has been verified.' };
  });

  registerEndpoint(app, verifyPhoneEndpoint, async (req) => {
    const playerId = requirePlayer(req).id;
    const { destination } = await consumeCode(db, config, playerId, 'phone', req.body.verification_code);
    await markPhoneVerified(db, config, playerId, destination);
    await publishUnread(app, playerId);
    return { message: 'Your phone number has been verified.' };
  });

  registerEndpoint(app, addSendCodeEndpoint, async (req) => {
    const player = requirePlayer(req);
    const phone = normalizePhone(req.body.phone);
    const target = (await extraPhones(db, player.id)).find((e) => e.contract_value === phone);
    if (!target) throw new BadRequest('Add this phone number first.');
    if (target.isverify) throw new BadRequest('This phone number is already verified.');
    if (await phoneVerifiedElsewhere(db, phone, player.id)) throw new BadRequest(PHONE_TAKEN);
    await deliverCode(delivery, {
      playerId: player.id,
      username: player.username,
      purpose: 'extra_phone',
      channel: 'sms',
      destination: phone,
      ip: req.ip,
      challenge: challengeHeader(req.headers),
    });
    return { message: 'Verification code sent to your phone.', resend_in: CODE_RESEND_SECONDS };
  });

  registerEndpoint(app, addVerifyPhoneEndpoint, async (req) => {
    const playerId = requirePlayer(req).id;
    const { destination } = await consumeCode(db, config, playerId, 'extra_phone', req.body.verification_code);
    await markExtraPhoneVerified(db, playerId, destination);
    return { message: 'Your phone number has been verified.' };
  });
}
