import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes (a rotated phone, a resized window).
 * Where the browser has no matchMedia (tests), `fallback`. The subscription is stable per query, so a
 * render does not unsubscribe and subscribe again.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = useCallback(
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    [query, fallback],
  );
  return useSyncExternalStore(subscribe, snapshot);
}

/** SPEC §9: 640 px is where the phone layout ends. */
export const WIDER_THAN_PHONE = '(min-width: 640px)';
