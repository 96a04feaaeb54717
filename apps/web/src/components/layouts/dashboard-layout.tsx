import { canOpenSection, type DashboardSection, menuFor } from '@app/domain/dashboard.rules';
import { roleLabels } from '@app/domain/roles';
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useMatches, useNavigate } from 'react-router';
import { SessionWarning } from '@/components/session-warning';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { MenuIcon } from '@/components/ui/menu-icon';
import { MAIN_ID, SkipLink } from '@/components/ui/skip-link';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { pageTitle, siteName } from '@/config/site';
import { cn } from '@/lib/cn';
import { endSession, useSession } from '@/lib/session';

/** SPEC §9: the side menu closes itself after a choice under 640 px. */
const PHONE_MAX_WIDTH_PX = 640;
/** SPEC §9: the 'Explore more' hint shows 500 ms after load, for 3 s. */
const HINT_DELAY_MS = 500;
const HINT_VISIBLE_MS = 3000;

const isPhoneWidth = () => window.innerWidth < PHONE_MAX_WIDTH_PX;

/** Route handle of a dashboard section (set in the router). */
export type SectionHandle = { section: DashboardSection };

function useExploreHint(): boolean {
  const [isVisible, setIsVisible] = useState(false);
  useEffect(() => {
    const show = window.setTimeout(() => setIsVisible(true), HINT_DELAY_MS);
    const hide = window.setTimeout(() => setIsVisible(false), HINT_DELAY_MS + HINT_VISIBLE_MS);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(hide);
    };
  }, []);
  return isVisible;
}

/** SPEC §2 Dashboard shell: top bar, the role's side menu, and the chosen section. */
export function DashboardLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const [isMenuOpen, setIsMenuOpen] = useState(() => !isPhoneWidth());
  const isHintVisible = useExploreHint();
  const section = (useMatches().at(-1)?.handle as SectionHandle | undefined)?.section;

  if (!session) return null;

  // Leave the dashboard synchronously first, so the sign-in guard never sees the ended session.
  const logout = async () => {
    await navigate(paths.home.getHref(), { flushSync: true });
    endSession();
  };

  const closeOnPhone = () => {
    if (isPhoneWidth()) setIsMenuOpen(false);
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 bg-brand-900 px-2 text-white shadow sm:px-4">
        <div className="relative">
          <button
            type="button"
            aria-label="Toggle menu"
            aria-expanded={isMenuOpen}
            aria-controls="dashboard-menu"
            onClick={() => setIsMenuOpen((open) => !open)}
            className="rounded-lg p-2 hover:bg-white/15"
          >
            <MenuIcon isOpen={isMenuOpen} />
          </button>
        </div>
        {isHintVisible && (
          // In the bar beside the menu button, so it never covers the page title; solid colours (no
          // fading) keep its contrast, and only a ring behind it pulses.
          <span className="relative shrink-0 rounded-lg bg-accent-400 px-2.5 py-1 text-sm font-semibold whitespace-nowrap text-slate-900 shadow-lg">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute -inset-1 rounded-xl ring-2 ring-accent-400 motion-safe:animate-pulse"
            />
            Explore more
          </span>
        )}
        <Link to={paths.dashboard.root.getHref()} className="flex min-w-0 items-center gap-2">
          <Logo className="size-8" />
          <span className="sr-only truncate text-lg font-semibold sm:not-sr-only">{siteName}</span>
        </Link>
        <p className="ml-auto hidden text-right text-sm leading-tight md:block">
          <span className="block font-medium">{session.name}</span>
          <span className="text-brand-200">{roleLabels[session.role]}</span>
        </p>
        <Button variant="inverse" size="sm" onClick={logout} className="ml-auto md:ml-3">
          Logout
        </Button>
      </header>

      <div className="flex flex-1">
        {isMenuOpen && (
          // The backdrop only closes the phone menu; the toggle button is its keyboard equivalent.
          <div
            aria-hidden="true"
            className="fixed inset-0 top-14 z-10 bg-slate-900/40 sm:hidden"
            onClick={() => setIsMenuOpen(false)}
          />
        )}
        <nav
          id="dashboard-menu"
          aria-label="Dashboard"
          className={cn(
            'w-52 shrink-0 overflow-y-auto border-r border-slate-200 bg-white',
            'fixed inset-y-0 top-14 left-0 z-20 sm:sticky sm:h-[calc(100dvh-3.5rem)]',
            !isMenuOpen && 'hidden',
          )}
        >
          <ul className="flex flex-col gap-0.5 p-2">
            {menuFor(session.role).map((item) => (
              <li key={item.path}>
                <NavLink
                  to={paths.dashboard.section.getHref(item.path)}
                  onClick={closeOnPhone}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-lg border-l-4 px-3 py-2.5 text-sm font-medium',
                      isActive
                        ? 'border-brand-700 bg-brand-50 text-brand-800'
                        : 'border-transparent text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {/* The expiry warning sticks under the top bar over the page's column only: the menu stays readable. */}
        <div className="min-w-0 flex-1">
          <SessionWarning />
          <main id={MAIN_ID} tabIndex={-1} className="min-w-0 px-3 py-4 focus:outline-none sm:p-6">
            {section && canOpenSection(session.role, section.path) && (
              <>
                <title>{pageTitle(section.label)}</title>
                <h1 className="mb-4 text-xl font-bold text-slate-900 sm:text-2xl">{section.label}</h1>
              </>
            )}
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </div>
  );
}
