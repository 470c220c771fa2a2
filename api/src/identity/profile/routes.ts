import type { FastifyInstance } from 'fastify';
import {
  PROTECTION_MESSAGES,
  addNumberEndpoint,
  isUnderAge,
  otherPhonesEndpoint,
  profileUpdateEndpoint,
  userShowEndpoint,
} from '@khela/contracts';
import { assertOwnRemoteId, registerEndpoint, requirePlayer } from '../../http/endpoint';
import { HttpError, ValidationFailed } from '../../errors';
import { protectionConfig } from '../../protection/config';
import { publishProtection } from '../../protection/notify';
import { normalizePhone } from '../verification/codes';
import { kycStatusOf } from '../../kyc/service';
import { addExtraPhone, extraPhones, loadPlayer, setDateOfBirth, userOut } from './service';
import { flagUnderAge, type StaffAlert } from '../../protection/under-age';

/** The player's profile: the user object, date of birth, extra phone numbers. */
export function profileRoutes(app: FastifyInstance): void {
  const db = app.db;
  const protection = protectionConfig();

  registerEndpoint(app, userShowEndpoint, async (req) => {
    assertOwnRemoteId(req, req.query.remote_id);
    return { user: await userOut(db, await loadPlayer(db, req.player.id)) };
  });

  registerEndpoint(app, profileUpdateEndpoint, async (req) => {
    assertOwnRemoteId(req, req.body.remote_id);
    const dofb = req.body.dofb;
    const d = new Date(`${dofb}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== dofb) {
      throw new ValidationFailed({ dofb: ['Please enter a valid date.'] });
    }
    // a date in the future or before 1900 is a typing error, not a birthday: refused, nothing stored
    if (d.getUTCFullYear() < 1900 || d.getTime() > Date.now()) throw new ValidationFailed({ dofb: ['Please enter a valid date.'] });
    // An under-18 birthday is stored like any other (it cannot be changed afterwards, so another date cannot be tried)
    // and flags the account: deposits and play close, staff are alerted, the audit log has it.
    const underAge = isUnderAge(dofb);
    const playerId = req.player.id;
    const stored = await db.tx(async (q): Promise<{ saved: boolean; alert: StaffAlert | null }> => {
      const p = await loadPlayer(q, playerId, true);
      if (!(await setDateOfBirth(q, playerId, dofb))) return { saved: false, alert: null };
      const alert = underAge ? await flagUnderAge(q, { id: playerId, username: p.username }, dofb, req.ip ?? null) : null;
      return { saved: true, alert };
    });
    if (!stored.saved) {
      // after an identity check the birthday is the NID's (issue 32, kyc/): said so, not just "already set"
      const verified = (await kycStatusOf(db, playerId)) === 'verified';
      throw new ValidationFailed({
        dofb: [
          verified
            ? 'Your date of birth is verified from your NID and cannot be changed.'
            : 'Your date of birth is already set and cannot be changed.',
        ],
      });
    }
    const user = await userOut(db, await loadPlayer(db, playerId));
    if (stored.alert) {
      await app.push.publishStaff('alert', stored.alert);
      await publishProtection(app, playerId, protection);
      req.log.warn({ player: playerId }, 'under-age birthday entered: account flagged');
      // the protection service's refusal shape (code rg_under_age), with the field error the profile form shows
      const message = PROTECTION_MESSAGES.underAge;
      throw new HttpError(403, message, {
        success: false,
        error: message,
        code: 'rg_under_age',
        until: null,
        params: {},
        errors: { dofb: [message] },
        user,
      });
    }
    return { message: 'Date of birth saved.', user };
  });

  registerEndpoint(app, otherPhonesEndpoint, async (req) => ({ data: await extraPhones(db, requirePlayer(req).id) }));

  registerEndpoint(app, addNumberEndpoint, async (req) => {
    const data = await addExtraPhone(db, requirePlayer(req).id, normalizePhone(req.body.phone));
    return { message: 'Phone number added. Verify it with the code we send.', data };
  });
}
