import { siteContact } from '@app/domain/site';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { MAIN_ID, SkipLink } from '@/components/ui/skip-link';
import { paths } from '@/config/paths';
import { siteName } from '@/config/site';
import { cn } from '@/lib/cn';

const navLinks = [
  { href: paths.home.getHref(), label: 'Home' },
  { href: paths.about.getHref(), label: 'About' },
  { href: paths.courses.getHref(), label: 'Courses' },
  { href: paths.achievements.getHref(), label: 'Achievements' },
  { href: paths.examCenters.getHref(), label: 'Exam Centres' },
  { href: paths.gallery.getHref(), label: 'Gallery' },
];

/** SPEC §2: the footer's quick links are home, about, courses, achievements and exam-centers. */
const quickLinks = navLinks.slice(0, 5);

const studentLinks = [
  { href: paths.hallTicket.getHref(), label: 'Hall Ticket' },
  { href: paths.result.getHref(), label: 'Result' },
  { href: paths.login.getHref(), label: 'Staff Login' },
  { href: paths.privacy.getHref(), label: 'Privacy notice' },
];

/**
 * The public site's frame, rendered to static HTML at build time: top bar with a phone menu, the page,
 * and the footer. The menu, the sticky top bar and the other behaviours are wired by `public-site.ts`
 * through the `data-*` hooks below.
 */
export function PublicLayout({ currentPath, children }: { currentPath: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header
        data-top-bar
        className="relative top-0 z-30 border-b border-slate-200 bg-white data-[stuck=true]:sticky data-[stuck=true]:shadow-md"
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
          <a href={paths.home.getHref()} className="flex min-w-0 items-center gap-2">
            <Logo />
            <span className="text-sm leading-tight font-bold text-brand-900 sm:text-lg">{siteName}</span>
          </a>
          <nav aria-label="Main" className="ml-auto hidden lg:block">
            <NavList
              currentPath={currentPath}
              listClassName="flex items-center gap-1"
              linkClassName="rounded-lg px-3 py-2 text-sm font-medium"
            />
          </nav>
          <a href={paths.login.getHref()} className={cn(buttonClasses({ size: 'sm' }), 'ml-auto min-h-11 lg:ml-2')}>
            Login
          </a>
          <button
            type="button"
            data-menu-toggle
            aria-label="Menu"
            aria-expanded="false"
            aria-controls="public-menu"
            className="group -mr-2 grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            {/* Three bars, or a cross while the menu is open. */}
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="24"
              height="24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 7h16M4 12h16M4 17h16" className="group-aria-expanded:hidden" />
              <path d="M6 6l12 12M18 6 6 18" className="hidden group-aria-expanded:block" />
            </svg>
          </button>
        </div>
        <nav id="public-menu" aria-label="Main menu" hidden className="border-t border-slate-200 bg-white lg:hidden">
          <NavList
            currentPath={currentPath}
            listClassName="mx-auto flex max-w-6xl flex-col px-2 py-2"
            linkClassName="block rounded-lg px-3 py-3 text-base font-medium"
          />
        </nav>
      </header>

      <main id={MAIN_ID} className="flex-1">
        {children}
      </main>

      <footer className="bg-slate-900 px-4 py-10 text-slate-300">
        <div className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <p className="flex items-center gap-2 text-lg font-bold text-white">
              <Logo className="size-8" />
              {siteName}
            </p>
            <p className="mt-3 text-sm">Mock board exams for classes 10th and 12th, in real exam conditions.</p>
          </div>
          <FooterLinks title="Quick Links" links={quickLinks} />
          <FooterLinks title="Students" links={studentLinks} />
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
            <address className="mt-3 text-sm not-italic">
              {siteContact.address.map((addressLine) => (
                <span key={addressLine} className="block">
                  {addressLine}
                </span>
              ))}
            </address>
            <ul className="mt-3 text-sm">
              <li>
                <a href={siteContact.phoneHref} className="inline-flex min-h-11 items-center hover:text-white">
                  Phone: {siteContact.phone}
                </a>
              </li>
              <li>
                <a
                  href={siteContact.whatsAppHref}
                  rel="noopener"
                  className="inline-flex min-h-11 items-center hover:text-white"
                >
                  Chat on WhatsApp
                </a>
              </li>
            </ul>
          </div>
        </div>
        <p className="mx-auto mt-8 max-w-6xl border-t border-slate-800 pt-6 text-sm text-slate-400">
          © {new Date().getFullYear()} {siteName}. All rights reserved.
        </p>
      </footer>
    </div>
  );
}

function FooterLinks({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="inline-flex min-h-11 items-center hover:text-white hover:underline">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type NavListProps = { currentPath: string; listClassName: string; linkClassName: string };

function NavList({ currentPath, listClassName, linkClassName }: NavListProps) {
  return (
    <ul className={listClassName}>
      {navLinks.map((link) => {
        const isCurrent = link.href === currentPath;
        return (
          <li key={link.href}>
            <a
              href={link.href}
              aria-current={isCurrent ? 'page' : undefined}
              className={cn(
                linkClassName,
                isCurrent ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {link.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
