import { siteName } from '@/config/site';
import { AboutPoints } from '@/features/marketing/components/about-points';
import { PageHeader } from '@/features/marketing/components/page-header';
import { Section } from '@/features/marketing/components/section';
import { StatsBand } from '@/features/marketing/components/stats-band';

export function AboutRoute() {
  return (
    <>
      <PageHeader title="About Us">
        {siteName} helps students of classes 10th and 12th walk into their board exams with confidence.
      </PageHeader>
      <Section title="Who we are">
        <div className="max-w-3xl space-y-4 text-slate-700">
          <p>
            For fifteen years we have run mock board exams across Maharashtra. Teachers who have set and checked board
            papers write our question papers to the latest SSC and HSC pattern, and students write them in real exam
            halls at colleges near home — with hall tickets, seat numbers and invigilators.
          </p>
          <p>
            Every paper is checked and returned with remarks, and results are published online subject by subject, so
            students and parents know exactly where to focus before the board exam.
          </p>
        </div>
      </Section>
      <Section title="What we do" className="bg-white">
        <AboutPoints />
      </Section>
      <Section title="In numbers" className="bg-brand-50">
        <StatsBand />
      </Section>
    </>
  );
}
