// A session's device as the Sessions tab shows it.

/** A session's device: its device id (shortened; the whole one on hover with the browser) and the browser in brief. */
export function DeviceCell({ deviceId, userAgent }: { deviceId: string | null; userAgent: string | null }) {
  if (!deviceId && !userAgent) return <>—</>;
  return (
    <span title={[deviceId, userAgent].filter(Boolean).join('\n')} data-testid="session-device">
      {deviceId ? `${deviceId.slice(0, 10)}…` : 'no device id'}
      {userAgent ? ` · ${browserOf(userAgent)}` : ''}
    </span>
  );
}

/** "Chrome on Android" from a user agent; the raw text stays in the cell's title. */
export function browserOf(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Other browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}
