import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../auth/sessions';
import { Unauthenticated } from '../http/errors';
import { operatorForToken } from './auth';
import { operatorLogin, operatorLogout } from './service';

/** Back office, staff accounts: operator log-in and log-out, the operator's own account. */
export default async function operatorRoutes(app: FastifyInstance) {
  const db = app.db;
  const tags = ['operator'];

  app.post(
    '/api/operator/login',
    {
      schema: {
        tags,
        body: z.object({ username: z.string().trim().min(1, 'Username is required'), password: z.string().min(1, 'Password is required') }),
      },
    },
    async (req, reply) => {
      const { username, password } = req.body as { username: string; password: string };
      const res = await operatorLogin(db, username, password);
      if (!res) return reply.code(401).send({ message: 'Invalid credentials' });
      req.log.info({ operator: res.operator.id }, 'operator logged in');
      return { token: res.token, operator: res.operator };
    },
  );

  app.post('/api/operator/logout', { schema: { tags } }, async (req) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new Unauthenticated();
    await operatorLogout(db, token);
    return { message: 'Logged out' };
  });

  app.get('/api/operator/me', { schema: { tags } }, async (req) => {
    const token = bearerToken(req.headers.authorization);
    const op = token ? await operatorForToken(db, token) : null;
    if (!op) throw new Unauthenticated();
    return op;
  });
}
