import type { PublicExamCentre } from '@app/domain/centres.schemas';
import { apiCardLists, fillApiCardList, getPublicList, setField } from './api-card-list';

const EMPTY = 'Exam centres will be announced soon.';
const FAILED = 'Exam centres could not be loaded. Please try again later.';

/**
 * Fills every exam centre list (components/exam-centre-list.tsx) and every `[data-exam-centre-count]`
 * (components/exam-centre-count.tsx) from the public API.
 */
export async function enhanceExamCentres(root: ParentNode = document): Promise<void> {
  const blocks = apiCardLists(root, 'exam-centres');
  const counts = [...root.querySelectorAll<HTMLElement>('[data-exam-centre-count]')];
  if (blocks.length === 0 && counts.length === 0) return;
  const centres = await getPublicList<PublicExamCentre>('/api/public/examCentres');
  for (const block of blocks) fillApiCardList(block, centres, fillCard, { empty: EMPTY, failed: FAILED });
  if (centres) for (const count of counts) fillCount(count, centres.length);
}

/** The real number; a figure of the statistics band counts up to it (or is already counting). */
function fillCount(figure: HTMLElement, count: number): void {
  if (figure.dataset.countTo !== undefined) figure.dataset.countTo = String(count);
  figure.textContent = String(count);
}

function fillCard(card: DocumentFragment, centre: PublicExamCentre): void {
  setField(card, 'centerName', centre.centerName);
  setField(card, 'collegeName', centre.collegeName);
  setField(card, 'city', centre.city);
}
