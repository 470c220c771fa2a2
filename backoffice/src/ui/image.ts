// A private image (a KYC document, a payment receipt) that only staff may see: fetched with the operator's token into
// a blob URL, released when the component leaves or the path changes.
import { useEffect, useState } from 'react';
import { useStaff } from '../staff/context';

/**
 * The blob URL of the image at the staff API `path` (null while loading), or `failed` when it could not be loaded.
 * `noStore`: the browser keeps no copy (a document whose every view the API audits).
 */
export function useStaffImage(path: string, opts: { noStore?: boolean } = {}): { src: string | null; failed: boolean } {
  const session = useStaff();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { noStore } = opts;
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    const token = session.token();
    fetch(session.api.url(path), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      ...(noStore ? { cache: 'no-store' as const } : {}),
    })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [session, path, noStore]);
  return { src, failed };
}
