import type { FastifyInstance } from 'fastify';
import {
  changePasswordEndpoint,
  createPlayersEndpoint,
  forgotPasswordEndpoint,
  IDENTITY_MESSAGES as M,
  loginEndpoint,
  logoutEndpoint,
  playerLoginEndpoint,
  resetPasswordEndpoint,
} from '@khela/contracts';
import { bearerToken, createSession, EXCHANGE_TOKEN_TTL_DAYS, hashPassword, revokeSession, verifyPassword } from '../../auth';
import { registerEndpoint, requirePlayer } from '../../http/endpoint';
import { Forbidden, HttpError, ValidationFailed } from '../../http/errors';
import type { IdentityContext } from '../context';
import { loadPlayer } from '../profile/service';
import { assertUnderLimit, clearEvents, recordEvent } from '../rate-limit';
import { consumeCode, normalizeEmail, normalizePhone } from '../verification/codes';
import { deliverCode } from '../verification/service';
import { activePlayerByUsername, checkCredentials, playerIdByUsername, registerPlayer, setPassword } from './service';

/** Log in and out, sign up, the exchange's player token, and passwords (change, forgot, reset). */
export function authRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const db = app.db;
  const { config } = ctx;
  const L = config.limits;

  registerEndpoint(app, loginEndpoint, async (req) => {
    const username = req.body.username.toLowerCase();
    await assertUnderLimit(db, 'login:username', username, L.loginFailuresPerUsername);
    await assertUnderLimit(db, 'login:ip', req.ip, L.loginFailuresPerIp);
    const p = await checkCredentials(db, username, req.body.password);
    if (!p) {
      await recordEvent(db, 'login:username', username);
      await recordEvent(db, 'login:ip', req.ip);
      throw new HttpError(401, M.invalidCredentials);
    }
    if (p.status !== 'active') throw new Forbidden('Your account is disabled. Please contact customer support.');
    await clearEvents(db, 'login:username', username);
    const token = await createSession(db, Number(p.id));
    return { token, remote_id: Number(p.id), username: p.username, exchange: [], message: 'Login successful' };
  });

  registerEndpoint(app, logoutEndpoint, async (req) => {
    const token = bearerToken(req.headers.authorization);
    // the session, its exchange tokens and their push streams end together
    const ended = token ? await revokeSession(db, token) : null;
    if (ended) await app.push.endStreams(ended.playerId, ended.hashes);
    return { message: 'Logged out.' };
  });

  registerEndpoint(app, createPlayersEndpoint, async (req) => {
    const b = req.body;
    await assertUnderLimit(db, 'signup:ip', req.ip, L.signupPerIp);
    const passwordHash = await hashPassword(b.password);
    const result = await registerPlayer(db, { ...b, passwordHash, phone: normalizePhone(b.phone) });
    await recordEvent(db, 'signup:ip', req.ip);
    return { message: 'Registration Successful!', token: result.token, remote_id: result.id, username: b.username, exchange: [] };
  });

  registerEndpoint(app, playerLoginEndpoint, async (req) => {
    const player = requirePlayer(req);
    if (req.body.user_id !== undefined && String(req.body.user_id) !== String(player.id)) throw new Forbidden();
    // a separate, short-lived token scoped to the exchange's calls; it ends with this session (log-out,
    // password change, disable). Revoking it never logs the player out here.
    const parentHash = player.session!.hash;
    return { access_token: await createSession(db, player.id, EXCHANGE_TOKEN_TTL_DAYS, { scope: 'exchange', parentHash }) };
  });

  registerEndpoint(app, changePasswordEndpoint, async (req) => {
    const p = await loadPlayer(db, requirePlayer(req).id);
    await assertUnderLimit(db, 'login:username', p.username.toLowerCase(), L.loginFailuresPerUsername);
    if (!(await verifyPassword(p.password_hash, req.body.old_password))) {
      await recordEvent(db, 'login:username', p.username.toLowerCase());
      throw new ValidationFailed({ old_password: ['Your current password is incorrect.'] });
    }
    await setPassword(db, Number(p.id), await hashPassword(req.body.new_password));
    await app.push.endStreams(Number(p.id), 'all');
    return { message: 'Password changed successfully. Please login with your new password.' };
  });

  registerEndpoint(app, forgotPasswordEndpoint, async (req) => {
    const b = req.body;
    const channel = b.type === 'email' ? 'email' : 'sms';
    const destination = b.type === 'email' ? normalizeEmail(b.email!) : normalizePhone(b.phone!);
    const username = b.username.toLowerCase();
    // limits first, and the same answer whether or not the account matches: no account discovery
    await assertUnderLimit(db, 'otp:address', destination, L.otpPerAddress);
    await assertUnderLimit(db, 'otp:username', username, L.otpPerUsername);
    await assertUnderLimit(db, 'otp:ip', req.ip, L.otpPerIp);
    const p = await activePlayerByUsername(db, username);
    const matches = p && (b.type === 'email' ? p.email?.toLowerCase() === destination : p.phone === destination);
    if (p && matches) {
      await deliverCode(
        { db, config, messenger: ctx.messenger, log: app.log },
        { playerId: Number(p.id), username: p.username, purpose: 'reset', channel, destination, ip: req.ip },
      );
    } else {
      await recordEvent(db, 'otp:address', destination);
      await recordEvent(db, 'otp:username', username);
      await recordEvent(db, 'otp:ip', req.ip);
    }
    return { message: `OTP sent successfully. Please check your ${b.type === 'email' ? 'email' : 'sms'}.` };
  });

  registerEndpoint(app, resetPasswordEndpoint, async (req) => {
    const b = req.body;
    const playerId = await playerIdByUsername(db, b.username);
    if (!playerId) throw new ValidationFailed({ otp: ['The code has expired or was not requested. Please request a new code.'] });
    await consumeCode(db, config, playerId, 'reset', b.otp).catch((err: HttpError) => {
      throw new ValidationFailed({ otp: [err.message] });
    });
    await setPassword(db, playerId, await hashPassword(b.password));
    await app.push.endStreams(playerId, 'all');
    await clearEvents(db, 'login:username', b.username.toLowerCase());
    return { message: 'Password reset successfully. Please login with your new password.' };
  });
}
