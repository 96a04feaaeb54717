import { CourseFeeList } from '@/features/marketing/components/course-fee-list';
import { CourseTabs } from '@/features/marketing/components/course-tabs';
import { PageHeader } from '@/features/marketing/components/page-header';
import { Section } from '@/features/marketing/components/section';

export function CoursesRoute() {
  return (
    <>
      <PageHeader title="Courses">Mock board exam programmes for class 10th and class 12th students.</PageHeader>
      <Section title="Choose your class">
        <CourseTabs />
      </Section>
      <Section title="Courses and fees this season">
        <CourseFeeList />
      </Section>
    </>
  );
}
