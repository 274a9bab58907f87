import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so relative times ("5 minutes ago") stay true while the page is open. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
