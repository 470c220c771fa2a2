// Back office, area 'desk': the staff stream's ticket and the support desk (live chat queue, replies, assignment,
// read state, canned replies, the player's context).
import { z } from 'zod';
import { endpoint } from '../../endpoint';

/**
 * POST /api/operator/stream/ticket: a single-use ticket (30 s) for GET /api/operator/stream?ticket=, the staff
 * stream (Server-Sent Events of `staffPushTopics`), so the operator's token never appears in a URL. Every operator
 * may open it; the stream ends when the operator's session ends or the operator is disabled.
 */
export const staffStreamTicket = endpoint({
  method: 'POST',
  path: '/api/operator/stream/ticket',
  auth: 'operator',
  response: z.object({ ticket: z.string(), expires_in: z.number() }),
  tags: ['operator'],
});
