/** One server-sent event as the push streams write it: `event: <topic>` and one JSON `data:` line. */
export interface SseEvent {
  event: string;
  data: any;
}

/** Takes the complete frames off the front of `buf`; `rest` is the part of a frame still to come. */
export function takeFrames(buf: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  let i: number;
  while ((i = buf.indexOf('\n\n')) >= 0) {
    const frame = buf.slice(0, i);
    buf = buf.slice(i + 2);
    const event = /^event: (.*)$/m.exec(frame)?.[1];
    const data = /^data: (.*)$/m.exec(frame)?.[1];
    if (event && data) events.push({ event, data: JSON.parse(data) });
  }
  return { events, rest: buf };
}

/**
 * Reads a stream's events until `predicate` holds, the stream ends or `timeoutMs` passes; `ended` says the server
 * ended it (the test's own give-up is not an end).
 */
export async function readEvents(
  res: Response,
  predicate: (events: SseEvent[]) => boolean,
  timeoutMs = 30_000,
): Promise<{ events: SseEvent[]; ended: boolean }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buf = '';
  let ended = false;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel();
  }, timeoutMs);
  while (!predicate(events)) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) {
      ended = !timedOut;
      break;
    }
    const taken = takeFrames(buf + decoder.decode(value, { stream: true }));
    events.push(...taken.events);
    buf = taken.rest;
  }
  clearTimeout(timer);
  if (!ended) await reader.cancel().catch(() => undefined);
  return { events, ended };
}

/** The events read until `predicate` holds (see readEvents). */
export async function eventsUntil(res: Response, predicate: (events: SseEvent[]) => boolean): Promise<SseEvent[]> {
  return (await readEvents(res, predicate)).events;
}
