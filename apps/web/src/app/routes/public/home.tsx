import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { ContactForm } from '@/features/contact/components/contact-form';
import { CourseCards } from '@/features/marketing/components/course-cards';
import { Section } from '@/features/marketing/components/section';
import { StatsBand } from '@/features/marketing/components/stats-band';

export function HomeRoute() {
  return (
    <>
      <title>{pageTitle()}</title>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 px-4 py-14 text-white sm:py-20">
        <div className="relative mx-auto flex max-w-6xl items-center gap-10">
          <div className="flex-1">
            <p className="w-fit rounded-full bg-white/15 px-3 py-1 text-sm font-medium">Classes 10th and 12th</p>
            <h1 className="mt-4 max-w-3xl text-3xl leading-tight font-extrabold tracking-tight sm:text-5xl">
              Sit the board exam before the board exam.
            </h1>
            <p className="mt-4 max-w-2xl text-base text-brand-100 sm:text-lg">
              Full-length mock board exams in real exam-hall conditions, with hall tickets, timed papers and results —
              so exam day feels familiar.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to={paths.courses.getHref()} className={buttonClasses({ variant: 'accent' })}>
                Explore Courses
              </Link>
              <Link to={paths.hallTicket.getHref()} className={buttonClasses({ variant: 'inverse' })}>
                Get Hall Ticket
              </Link>
              <Link to={paths.result.getHref()} className={buttonClasses({ variant: 'inverse' })}>
                Check Result
              </Link>
            </div>
          </div>
          <ExamPaperArt />
        </div>
      </section>

      <Section className="relative -mt-8 pt-0 sm:-mt-10 sm:pt-0">
        <StatsBand />
      </Section>

      <Section title="Courses" intro="Two focused programmes, each built around full mock board exams.">
        <CourseCards />
      </Section>

      <Section className="bg-white">
        <div className="grid gap-6 lg:grid-cols-[2fr_3fr] lg:gap-12">
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Contact Us</h2>
            <p className="mt-2 text-slate-600">
              Questions about courses, exam centres or registration? Leave your details and we will get back to you.
            </p>
          </div>
          <ContactForm />
        </div>
      </Section>
    </>
  );
}

/** A marked answer sheet, drawn for wide screens only. */
function ExamPaperArt() {
  return (
    <svg aria-hidden="true" viewBox="0 0 240 280" className="hidden w-64 shrink-0 drop-shadow-2xl lg:block">
      <rect x="20" y="10" width="200" height="260" rx="14" fill="#fff" />
      <rect x="44" y="40" width="110" height="12" rx="6" fill="#1e3a8a" />
      <rect x="44" y="62" width="70" height="8" rx="4" fill="#cbd5e1" />
      {[100, 140, 180, 220].map((y) => (
        <g key={y}>
          <circle cx="54" cy={y} r="9" fill="#dcfce7" />
          <path d={`m49 ${y} 4 4 7-8`} stroke="#16a34a" strokeWidth="3" fill="none" strokeLinecap="round" />
          <rect x="74" y={y - 5} width="120" height="10" rx="5" fill="#e2e8f0" />
        </g>
      ))}
      <circle cx="190" cy="52" r="30" fill="#fbbf24" />
      <text x="190" y="61" textAnchor="middle" fontSize="26" fontWeight="800" fill="#1e3a8a">
        A+
      </text>
    </svg>
  );
}
