/**
 * Moves focus to an element once the frame that shows it has been painted, and returns a cancel.
 *
 * Focusing in an effect forces the browser to recalculate style and layout before the frame is painted, and React
 * runs the effects of a tap's update in the tap's own task: so a dialog or the bet slip that focuses a field as it
 * opens made the tap's next paint wait for a full layout (on /odds-view at 4x CPU, ~130 ms of a ~270 ms tap, issue
 * 31's INP). After the paint, the focus reuses the frame's layout. A tap's user activation lasts seconds, so a phone
 * still opens its keyboard for a focused field.
 */
export function focusAfterPaint(target: () => HTMLElement | null | undefined, options?: FocusOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // requestAnimationFrame runs just before the paint; a task queued from it runs after that paint
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => target()?.focus(options), 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
