import type { PublicCourse, PublicCoursesResponse } from '@app/domain/courses.schemas';

const EMPTY = 'Courses for the new season will be announced soon.';
const FAILED = 'Courses could not be loaded. Please try again later.';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const day = (iso: string) => iso.split('-').reverse().join('/');

/** Fills every `[data-course-fees]` (components/course-fee-list.tsx) from the public API. */
export async function enhanceCourseFees(root: ParentNode = document): Promise<void> {
  const blocks = [...root.querySelectorAll<HTMLElement>('[data-course-fees]')];
  if (blocks.length === 0) return;
  let courses: PublicCourse[] | undefined;
  try {
    // Not lib/api-client: the marketing pages load no app code (see exam-centres.ts).
    const response = await fetch('/api/public/courses', { headers: { accept: 'application/json' } });
    if (response.ok) courses = ((await response.json()) as PublicCoursesResponse).data;
  } catch {
    courses = undefined;
  }
  for (const block of blocks) fill(block, courses);
}

function fill(block: HTMLElement, courses: PublicCourse[] | undefined): void {
  const list = block.querySelector<HTMLElement>('[data-course-fees-list]');
  const message = block.querySelector<HTMLElement>('[data-course-fees-message]');
  const template = block.querySelector<HTMLTemplateElement>('template[data-course-fee-template]');
  if (!list || !template) return;
  list.replaceChildren(
    ...(courses ?? []).map((course) => {
      const card = template.content.cloneNode(true) as DocumentFragment;
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
      return card;
    }),
  );
  list.removeAttribute('aria-busy');
  if (message) message.textContent = courses === undefined ? FAILED : courses.length === 0 ? EMPTY : '';
}

function setField(card: DocumentFragment, field: string, value: string): void {
  const element = card.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!element) return;
  if (value) element.textContent = value;
  else element.remove();
}
