import type { FastifyInstance } from 'fastify';
import {
  changePasswordEndpoint,
  createPlayersEndpoint,
  desktopRegisterEndpoint,
  forgotPasswordEndpoint,
  IDENTITY_MESSAGES as M,
  loginEndpoint,
  logoutEndpoint,
  playerLoginEndpoint,
  resetPasswordEndpoint,
} from '@khela/contracts';
import {
  bearerToken,
  createSession,
  EXCHANGE_TOKEN_TTL_DAYS,
  hashPassword,
  mayLogIn,
  revokeSession,
  sessionsEnded,
  verifyPassword,
  recordSessionClient,
} from '../../auth';
import { registerEndpoint, requirePlayer } from '../../http/endpoint';
import { Forbidden, HttpError, ValidationFailed } from '../../errors';
import type { IdentityContext } from '../context';
import { loadPlayer } from '../profile/service';
import { challengeHeader, requireChallenge } from '../../infra/challenge';
import { clearEvents, releaseAttempt, reserveAttempt } from '../../infra/throttle';
import { consumeCode, normalizeEmail, normalizePhone } from '../verification/codes';
import { deliverCode, otpLimits } from '../verification/service';
import { activePlayerByUsername, checkCredentials, playerIdByUsername, registerPlayer, setPassword } from './service';
import { deviceIdOf, recordPlayerAddress } from '../../core/linked';

/** Log in and out, sign up, the exchange's player token, and passwords (change, forgot, reset). */
export function authRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const db = app.db;
  const { config } = ctx;
  const L = config.limits;
  /** The request's solved challenge, for a limit that has reached unusual volume (issue 27 item 11). */
  /** The Sessions tab's address and device (0870); never fails the log-in. */
  const recordClient = (
    req: { ip: string; headers: Record<string, string | string[] | undefined>; log: { error: (o: object, m: string) => void } },
    token: string,
  ) =>
    recordSessionClient(db, token, {
      address: req.ip,
      deviceId: deviceIdOf(req.headers),
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
    }).catch((err: unknown) => req.log.error({ err }, 'recording the session client failed'));
  const challengeOf = (req: { headers: Record<string, string | string[] | undefined> }, solved = false) => ({
    config: config.challenge,
    header: challengeHeader(req.headers),
    solved,
  });
  /** Sign-up attempts (successful or not) per address and per phone, reserved before argon2. */
  const reserveSignup = (ip: string, phone: string, challenge: ReturnType<typeof challengeOf>) =>
    reserveAttempt(
      db,
      [
        { bucket: 'signup:ip', key: ip, rule: L.signupPerIp },
        { bucket: 'signup:phone', key: phone, rule: L.signupPerPhone },
      ],
      challenge,
    );

  registerEndpoint(app, loginEndpoint, async (req) => {
    const username = req.body.username.toLowerCase();
    // the attempt is reserved as a failure before argon2 runs, so parallel guesses cannot all pass the count
    const attempt = await reserveAttempt(
      db,
      [
        { bucket: 'login:username', key: username, rule: L.loginFailuresPerUsername },
        { bucket: 'login:ip', key: req.ip, rule: L.loginFailuresPerIp },
      ],
      challengeOf(req),
    );
    const p = await checkCredentials(db, username, req.body.password);
    if (!p) throw new HttpError(401, M.invalidCredentials);
    // the right password: not a failure (only failed log-ins count)
    await releaseAttempt(db, attempt);
    // a suspended player logs in (docs/README.md#spec-6: the sections whose flag is 0 are blocked); a disabled one never does
    if (!mayLogIn(p.status)) throw new Forbidden('Your account is disabled. Please contact customer support.');
    await clearEvents(db, 'login:username', username);
    const token = await createSession(db, Number(p.id));
    await recordPlayerAddress(db, Number(p.id), req.ip).catch((err: unknown) => req.log.error({ err }, 'recording the address failed'));
    await recordClient(req, token);
    return { token, remote_id: Number(p.id), username: p.username, exchange: [], message: 'Login successful' };
  });

  registerEndpoint(app, logoutEndpoint, async (req) => {
    const token = bearerToken(req.headers.authorization);
    // the session, its exchange tokens and their push streams end together
    const ended = token ? await revokeSession(db, token) : null;
    if (ended) await sessionsEnded(app, ended.playerId, ended.hashes);
    return { message: 'Logged out.' };
  });

  registerEndpoint(app, createPlayersEndpoint, async (req) => {
    const b = req.body;
    const phone = normalizePhone(b.phone);
    await reserveSignup(req.ip, phone, challengeOf(req));
    const result = await registerPlayer(db, { ...b, passwordHash: await hashPassword(b.password), phone });
    await recordPlayerAddress(db, result.id, req.ip).catch((err: unknown) => req.log.error({ err }, 'recording the address failed'));
    await recordClient(req, result.token);
    return { message: 'Registration Successful!', token: result.token, remote_id: result.id, username: b.username, exchange: [] };
  });

  registerEndpoint(app, desktopRegisterEndpoint, async (req) => {
    const b = req.body;
    const phone = normalizePhone(b.phone);
    // always a solved proof-of-work challenge, used up whatever happens next: one solved challenge is one attempt
    await requireChallenge(db, config.challenge, challengeHeader(req.headers));
    await reserveSignup(req.ip, phone, challengeOf(req, true));
    const result = await registerPlayer(db, { ...b, passwordHash: await hashPassword(b.password), phone });
    await recordPlayerAddress(db, result.id, req.ip).catch((err: unknown) => req.log.error({ err }, 'recording the address failed'));
    await recordClient(req, result.token);
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
    const attempt = await reserveAttempt(
      db,
      [{ bucket: 'login:username', key: p.username.toLowerCase(), rule: L.loginFailuresPerUsername }],
      challengeOf(req),
    );
    if (!(await verifyPassword(p.password_hash, req.body.old_password))) {
      throw new ValidationFailed({ old_password: ['Your current password is incorrect.'] });
    }
    await releaseAttempt(db, attempt);
    await setPassword(db, Number(p.id), await hashPassword(req.body.new_password));
    await sessionsEnded(app, Number(p.id), 'all');
    return { message: 'Password changed successfully. Please login with your new password.' };
  });

  registerEndpoint(app, forgotPasswordEndpoint, async (req) => {
    const b = req.body;
    const channel = b.type === 'email' ? 'email' : 'sms';
    const destination = b.type === 'email' ? normalizeEmail(b.email!) : normalizePhone(b.phone!);
    const username = b.username.toLowerCase();
    // the attempt counts first, and the same answer whether or not the account matches: no account discovery
    await reserveAttempt(db, otpLimits(config, { destination, username, ip: req.ip }), challengeOf(req));
    const p = await activePlayerByUsername(db, username);
    const matches = p && (b.type === 'email' ? p.email?.toLowerCase() === destination : p.phone === destination);
    if (p && matches) {
      await deliverCode(
        { db, config, messenger: ctx.messenger, log: app.log },
        { playerId: Number(p.id), username: p.username, purpose: 'reset', channel, destination, ip: req.ip, reserved: true },
      );
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
    await sessionsEnded(app, playerId, 'all');
    await clearEvents(db, 'login:username', b.username.toLowerCase());
    return { message: 'Password reset successfully. Please login with your new password.' };
  });
}
