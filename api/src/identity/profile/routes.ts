import type { FastifyInstance } from 'fastify';
import { addNumberEndpoint, otherPhonesEndpoint, profileUpdateEndpoint, userShowEndpoint } from '@khela/contracts';
import { assertOwnRemoteId, registerEndpoint, requirePlayer } from '../../http/endpoint';
import { ValidationFailed } from '../../http/errors';
import { normalizePhone } from '../verification/codes';
import { addExtraPhone, extraPhones, loadPlayer, setDateOfBirth, userOut } from './service';

/** The player's profile: the user object, date of birth, extra phone numbers. */
export function profileRoutes(app: FastifyInstance): void {
  const db = app.db;

  registerEndpoint(app, userShowEndpoint, async (req) => {
    assertOwnRemoteId(req, req.query.remote_id);
    return { user: await userOut(db, await loadPlayer(db, req.player.id)) };
  });

  registerEndpoint(app, profileUpdateEndpoint, async (req) => {
    assertOwnRemoteId(req, req.body.remote_id);
    const d = new Date(`${req.body.dofb}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== req.body.dofb) {
      throw new ValidationFailed({ dofb: ['Please enter a valid date.'] });
    }
    const adult = new Date();
    adult.setUTCFullYear(adult.getUTCFullYear() - 18);
    if (d > adult) throw new ValidationFailed({ dofb: ['You must be at least 18 years old.'] });
    if (d.getUTCFullYear() < 1900) throw new ValidationFailed({ dofb: ['Please enter a valid date.'] });
    if (!(await setDateOfBirth(db, req.player.id, req.body.dofb))) {
      throw new ValidationFailed({ dofb: ['Your date of birth is already set and cannot be changed.'] });
    }
    return { message: 'Date of birth saved.', user: await userOut(db, await loadPlayer(db, req.player.id)) };
  });

  registerEndpoint(app, otherPhonesEndpoint, async (req) => ({ data: await extraPhones(db, requirePlayer(req).id) }));

  registerEndpoint(app, addNumberEndpoint, async (req) => {
    const data = await addExtraPhone(db, requirePlayer(req).id, normalizePhone(req.body.phone));
    return { message: 'Phone number added. Verify it with the code we send.', data };
  });
}
