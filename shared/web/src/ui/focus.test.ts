import { describe, expect, it } from 'vitest';
import { focusAfterPaint } from './focus';

const frames = (n: number) => new Promise((resolve) => setTimeout(resolve, 20 * n));

describe('focusAfterPaint', () => {
  it('moves focus only after the next frame, not in the call (the tap paints first)', async () => {
    const input = document.body.appendChild(document.createElement('input'));
    focusAfterPaint(() => input);
    expect(document.activeElement).not.toBe(input);
    await frames(3);
    expect(document.activeElement).toBe(input);
    input.remove();
  });

  it('does nothing once cancelled (the dialog closed before its frame) or when the element is gone', async () => {
    const input = document.body.appendChild(document.createElement('input'));
    const cancel = focusAfterPaint(() => input);
    cancel();
    focusAfterPaint(() => null);
    await frames(3);
    expect(document.activeElement).toBe(document.body);
    input.remove();
  });
});
