import { AchievementsList } from '@/features/marketing/components/achievements-list';
import { PageHeader } from '@/features/marketing/components/page-header';
import { Section } from '@/features/marketing/components/section';
import { StatsBand } from '@/features/marketing/components/stats-band';
import { Testimonials } from '@/features/marketing/components/testimonials';

export function AchievementsRoute() {
  return (
    <>
      <PageHeader title="Achievements">
        Thousands of students have practised with us before their board exams — and many have topped the state.
      </PageHeader>
      <Section title="Highlights">
        <AchievementsList />
      </Section>
      <Section title="In numbers" className="bg-brand-50">
        <StatsBand />
      </Section>
      <Section title="What Students and Parents Say">
        <Testimonials />
      </Section>
    </>
  );
}
