import { siteContact } from '@app/domain/site';
import { paths } from '@/config/paths';
import { ContactForm } from '@/features/contact/components/contact-form';
import { AboutPoints } from '@/features/marketing/components/about-points';
import { AchievementsList } from '@/features/marketing/components/achievements-list';
import { CourseTabs } from '@/features/marketing/components/course-tabs';
import { ExamCentreList } from '@/features/marketing/components/exam-centre-list';
import { GalleryGrid } from '@/features/marketing/components/gallery-grid';
import { HeroCarousel } from '@/features/marketing/components/hero-carousel';
import { Section } from '@/features/marketing/components/section';
import { StatsBand } from '@/features/marketing/components/stats-band';
import { Testimonials } from '@/features/marketing/components/testimonials';

/** How many exam centres and gallery pictures the home page shows before "see all". */
const HOME_CENTRES = 6;
const HOME_GALLERY = 3;

/** SPEC §2 Home sections, in order. */
export function HomeRoute() {
  return (
    <>
      <HeroCarousel />

      <Section
        id="about"
        title="About Us"
        intro="Fifteen years of helping students walk into their board exams with confidence."
      >
        <AboutPoints />
      </Section>

      <Section
        id="courses"
        title="Courses"
        intro="Two focused programmes, each built around full mock board exams."
        className="bg-white"
      >
        <CourseTabs />
      </Section>

      <Section id="achievements" title="Achievements">
        <AchievementsList />
      </Section>

      <Section id="statistics" title="In Numbers" className="bg-brand-50">
        <StatsBand />
      </Section>

      <Section id="testimonials" title="What Students and Parents Say">
        <Testimonials />
      </Section>

      <Section
        id="exam-centres"
        title="Exam Centres"
        intro="Write your mock board exams at a college near home."
        className="bg-white"
      >
        <ExamCentreList limit={HOME_CENTRES} />
        <SeeAll href={paths.examCenters.getHref()} label="See all exam centres" />
      </Section>

      <Section id="gallery" title="Gallery">
        <GalleryGrid limit={HOME_GALLERY} />
        <SeeAll href={paths.gallery.getHref()} label="See the whole gallery" />
      </Section>

      <Section id="contact" className="bg-white">
        <div className="grid gap-6 lg:grid-cols-[2fr_3fr] lg:gap-12">
          <div>
            <h2 id="contact-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Contact Us
            </h2>
            <p className="mt-2 text-slate-600">
              Questions about courses, exam centres or registration? Leave your details and we will get back to you.
            </p>
            <p className="mt-4 text-slate-700">
              Or call{' '}
              <a href={siteContact.phoneHref} className="font-semibold text-brand-700 underline">
                {siteContact.phone}
              </a>
              , {siteContact.hours}.
            </p>
          </div>
          <ContactForm />
        </div>
      </Section>
    </>
  );
}

function SeeAll({ href, label }: { href: string; label: string }) {
  return (
    <p className="mt-6">
      <a href={href} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
        {label}
      </a>
    </p>
  );
}
