import { GalleryGrid } from '@/features/marketing/components/gallery-grid';
import { PageHeader } from '@/features/marketing/components/page-header';
import { Section } from '@/features/marketing/components/section';

export function GalleryRoute() {
  return (
    <>
      <PageHeader title="Gallery">A look at an exam season with us, from the exam hall to result day.</PageHeader>
      <Section>
        <GalleryGrid />
      </Section>
    </>
  );
}
