// The console's one way to read a staff endpoint into the kit's AsyncState (loading, failure with Retry, data).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AsyncQuery } from '@khela/web';

/**
 * One staff read as an async block's query (the console has no page query client): asked on mount and whenever `load`
 * changes, again on `refetch`; a later failure keeps the data shown.
 */
export function useStaffRead<T>(load: () => Promise<T>): AsyncQuery<T> & { refetch: () => Promise<void> } {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [isFetching, setFetching] = useState(true);
  const current = useRef(load);
  current.current = load;
  const refetch = useCallback(async () => {
    const mine = current.current;
    setFetching(true);
    try {
      const next = await mine();
      if (current.current !== mine) return;
      setData(next);
      setError(null);
    } catch (err) {
      if (current.current === mine) setError(err);
    } finally {
      if (current.current === mine) setFetching(false);
    }
  }, []);
  useEffect(() => {
    void refetch();
  }, [load, refetch]);
  return { data, error, isPending: data === undefined && !error, isFetching, refetch };
}
