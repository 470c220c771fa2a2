// How the desk words a chat's times and its operators.
import type { DeskChat, DeskStaff } from '@khela/contracts';

/** A duration as staff read it: "45 s", "3 min 20 s", "2 h 05 min", "1 d 3 h". */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}

export const secondsBetween = (from: string | null, to: string | null) => (from && to ? (Date.parse(to) - Date.parse(from)) / 1000 : null);

/** A chat's conversation in one line: closed after how long, answered after how long, or waiting since when. */
export function conversationLine(c: DeskChat, now = Date.now()): string {
  if (c.closed_at) return `Closed${c.opened_at ? ` · resolved in ${duration(secondsBetween(c.opened_at, c.closed_at))}` : ''}`;
  if (!c.opened_at) return 'No message from the player yet';
  if (c.first_response_at) return `First response in ${duration(secondsBetween(c.opened_at, c.first_response_at))}`;
  return `No answer yet · waiting ${duration((now - Date.parse(c.opened_at)) / 1000)}`;
}

/** An operator by name (else username); '' for none. */
export const who = (o: DeskStaff | null) => (o ? o.name || o.username : '');
