import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';

/**
 * The marketing pages are static HTML served by the server (src/public-pages.tsx), not part of this
 * app: reaching one from inside the app (a Home button, logging out) loads it as a document.
 */
export function DocumentPageRoute() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <PageSpinner />;
}
