import { useEffect, useState } from 'react';
import { theme } from '../ui/theme';

/** True below the 768 px mobile threshold, following resizes (the `isMobile` of HostProps). */
const query = `(max-width: ${theme.mobileMax}px)`;

export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => (typeof matchMedia === 'undefined' ? true : matchMedia(query).matches));
  useEffect(() => {
    if (typeof matchMedia === 'undefined') return;
    const mql = matchMedia(query);
    const on = () => setMobile(mql.matches);
    mql.addEventListener('change', on);
    return () => mql.removeEventListener('change', on);
  }, []);
  return mobile;
}
