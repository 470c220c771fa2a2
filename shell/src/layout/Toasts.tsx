import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { theme, useHost, type BusPayload } from '@khela/web';

const TOAST_MS = 4000;

interface Toast extends BusPayload<'toast'> {
  id: number;
}

/**
 * Short messages any remote publishes on the bus (`toast`), shown by the shell so they survive
 * the navigation that often follows them (e.g. 'User not logged in' on the way to /login).
 */
export function Toasts() {
  const { bus } = useHost();
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const s = bus.on('toast').subscribe((t) => {
      const id = ++next;
      setToasts((list) => [...list.filter((x) => x.message !== t.message), { ...t, id }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((list) => list.filter((x) => x.id !== id));
      }, TOAST_MS);
      timers.add(timer);
    });
    return () => {
      s.unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, [bus]);
  const color = { info: theme.color.info, success: theme.color.success, error: theme.color.danger };
  return (
    <div
      aria-live="assertive"
      css={css`
        position: fixed;
        top: 12px;
        left: 50%;
        transform: translateX(-50%);
        z-index: ${theme.layer.toast};
        display: flex;
        flex-direction: column;
        gap: 8px;
        width: min(420px, calc(100% - 24px));
        pointer-events: none;
      `}
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          css={css`
            background: ${theme.color.surfaceRaised};
            color: ${theme.color.text};
            border-left: 4px solid ${color[t.kind]};
            border-radius: ${theme.radius.md};
            padding: 12px 14px;
            box-shadow: 0 6px 20px rgba(0, 0, 0, 0.4);
            pointer-events: auto;
          `}
        >
          {t.message}
        </div>
      ))}
    </div>
  );
}
