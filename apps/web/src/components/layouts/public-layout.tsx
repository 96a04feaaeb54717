import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { MenuIcon } from '@/components/ui/menu-icon';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { siteName } from '@/config/site';
import { cn } from '@/lib/cn';

/** SPEC §9: the top bar turns sticky after 50 px of scrolling. */
const STICKY_AFTER_PX = 50;

const navLinks = [
  { to: paths.home.getHref(), label: 'Home' },
  { to: paths.about.getHref(), label: 'About' },
  { to: paths.courses.getHref(), label: 'Courses' },
  { to: paths.achievements.getHref(), label: 'Achievements' },
  { to: paths.examCenters.getHref(), label: 'Exam Centres' },
  { to: paths.gallery.getHref(), label: 'Gallery' },
];

const studentLinks = [
  { to: paths.hallTicket.getHref(), label: 'Hall Ticket' },
  { to: paths.result.getHref(), label: 'Result' },
  { to: paths.login.getHref(), label: 'Staff Login' },
];

function useIsScrolledPast(px: number): boolean {
  const [isPast, setIsPast] = useState(false);
  useEffect(() => {
    const update = () => setIsPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return isPast;
}

/** The public site: top bar with a phone menu, the page, and the footer. */
export function PublicLayout() {
  const isSticky = useIsScrolledPast(STICKY_AFTER_PX);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const closeMenu = () => setIsMenuOpen(false);

  return (
    <div className="flex min-h-dvh flex-col">
      <header
        className={cn(
          'z-30 border-b border-slate-200 bg-white/95 backdrop-blur',
          isSticky ? 'sticky top-0 shadow-md' : 'relative',
        )}
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
          <Link to={paths.home.getHref()} onClick={closeMenu} className="flex min-w-0 items-center gap-2">
            <Logo />
            <span className="text-sm leading-tight font-bold text-brand-900 sm:text-lg">{siteName}</span>
          </Link>
          <nav aria-label="Main" className="ml-auto hidden lg:block">
            <NavList listClassName="flex items-center gap-1" linkClassName="rounded-lg px-3 py-2 text-sm font-medium" />
          </nav>
          <Link to={paths.login.getHref()} className={cn(buttonClasses({ size: 'sm' }), 'ml-auto lg:ml-2')}>
            Login
          </Link>
          <button
            type="button"
            aria-label="Toggle navigation"
            aria-expanded={isMenuOpen}
            aria-controls="public-menu"
            onClick={() => setIsMenuOpen((open) => !open)}
            className="-mr-2 rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            <MenuIcon isOpen={isMenuOpen} />
          </button>
        </div>
        <nav
          id="public-menu"
          aria-label="Main"
          className={cn('border-t border-slate-200 bg-white lg:hidden', !isMenuOpen && 'hidden')}
        >
          <NavList
            listClassName="mx-auto flex max-w-6xl flex-col px-2 py-2"
            linkClassName="block rounded-lg px-3 py-3 text-base font-medium"
            onNavigate={closeMenu}
          />
        </nav>
      </header>

      <main className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>

      <footer className="bg-slate-900 px-4 py-10 text-slate-300">
        <div className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-3">
          <div>
            <p className="flex items-center gap-2 text-lg font-bold text-white">
              <Logo className="size-8" />
              {siteName}
            </p>
            <p className="mt-3 text-sm">Mock board exams for classes 10th and 12th, in real exam conditions.</p>
          </div>
          <FooterLinks title="Quick Links" links={navLinks.slice(0, 5)} />
          <FooterLinks title="Students" links={studentLinks} />
        </div>
        <p className="mx-auto mt-8 max-w-6xl border-t border-slate-800 pt-6 text-sm text-slate-400">
          © {new Date().getFullYear()} {siteName}. All rights reserved.
        </p>
      </footer>
    </div>
  );
}

function FooterLinks({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type NavListProps = { listClassName: string; linkClassName: string; onNavigate?: () => void };

function NavList({ listClassName, linkClassName, onNavigate }: NavListProps) {
  return (
    <ul className={listClassName}>
      {navLinks.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(linkClassName, isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100')
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
