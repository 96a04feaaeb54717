import type { PublicCourse } from '@app/domain/courses.schemas';
import { apiCardLists, fillApiCardList, getPublicList, setField } from './api-card-list';

const EMPTY = 'Courses for the new season will be announced soon.';
const FAILED = 'Courses could not be loaded. Please try again later.';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const day = (iso: string) => iso.split('-').reverse().join('/');

/** Fills every course fee list (components/course-fee-list.tsx) from the public API. */
export async function enhanceCourseFees(root: ParentNode = document): Promise<void> {
  const blocks = apiCardLists(root, 'course-fees');
  if (blocks.length === 0) return;
  const courses = await getPublicList<PublicCourse>('/api/public/courses');
  for (const block of blocks) fillApiCardList(block, courses, fillCard, { empty: EMPTY, failed: FAILED });
}

function fillCard(card: DocumentFragment, course: PublicCourse): void {
  setField(card, 'name', course.name);
  setField(card, 'standard', course.standard);
  setField(card, 'branches', course.branches.join(', '));
  setField(card, 'fee', rupees.format(course.fee));
  setField(
    card,
    'instalments',
    course.instalments.length === 0
      ? ''
      : `In ${course.instalments.length} instalments: ${course.instalments.map((one) => `${rupees.format(one.amount)} by ${day(one.dueDate)}`).join(', ')}`,
  );
}
