import { useEffect, useState } from 'react';
import { bus, type BusEventName, type BusPayload } from './bus';
import { storage } from './storage';

/** Latest payload of a bus event (replayed events start with their last value). */
export function useBusEvent<K extends BusEventName>(type: K): BusPayload<K> | undefined {
  const [value, setValue] = useState<BusPayload<K> | undefined>(() => bus.latest(type));
  useEffect(() => {
    const s = bus.on(type).subscribe((v) => setValue(v));
    return () => s.unsubscribe();
  }, [type]);
  return value;
}

/** True while a token is stored; follows login/logout from any remote without a reload. */
export function useLoggedIn(): boolean {
  const [loggedIn, setLoggedIn] = useState(() => Boolean(storage.get('token')));
  useEffect(() => {
    const a = bus.on('login').subscribe(() => setLoggedIn(true));
    const b = bus.on('logout').subscribe(() => setLoggedIn(false));
    return () => {
      a.unsubscribe();
      b.unsubscribe();
    };
  }, []);
  return loggedIn;
}

/** Main wallet balance as pushed on the bus (falls back to the last stored figure); null after logout. */
export function useBalance(): string | null {
  const [balance, setBalance] = useState<string | null>(() => bus.latest('balance')?.balance ?? storage.get('balance'));
  useEffect(() => {
    const a = bus.on('balance').subscribe((b) => setBalance(b.balance));
    const b = bus.on('logout').subscribe(() => setBalance(null));
    return () => {
      a.unsubscribe();
      b.unsubscribe();
    };
  }, []);
  return balance;
}
