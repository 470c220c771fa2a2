import { useEffect } from 'react';
import { useStaff } from './context';

/**
 * Keeps the staff stream (GET /api/operator/stream, Server-Sent Events) open while the console is logged in and
 * feeds its events to `session.events$` (read with useStaffEvent).
 */
export function useStaffStream(): void {
  const session = useStaff();
  useEffect(() => {
    // built with the support desk (issue 13): the stream endpoint and its ticket
    return undefined;
  }, [session]);
}
