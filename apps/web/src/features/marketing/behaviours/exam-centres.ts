import type { PublicExamCentre } from '@app/domain/centres.schemas';

const EMPTY = 'Exam centres will be announced soon.';
const FAILED = 'Exam centres could not be loaded. Please try again later.';

/**
 * Fills every `[data-exam-centres]` (components/exam-centre-list.tsx) and every
 * `[data-exam-centre-count]` (components/exam-centre-count.tsx) from the public API.
 */
export async function enhanceExamCentres(root: ParentNode = document): Promise<void> {
  const blocks = [...root.querySelectorAll<HTMLElement>('[data-exam-centres]')];
  const counts = [...root.querySelectorAll<HTMLElement>('[data-exam-centre-count]')];
  if (blocks.length === 0 && counts.length === 0) return;
  let centres: PublicExamCentre[] | undefined;
  try {
    // Not lib/api-client: this script runs on the static marketing pages, which load no app code (the
    // client brings the session and React); the call is public, with no token to send or 401 to handle.
    const response = await fetch('/api/public/examCentres', { headers: { accept: 'application/json' } });
    if (response.ok) centres = ((await response.json()) as { data: PublicExamCentre[] }).data;
  } catch {
    centres = undefined;
  }
  for (const block of blocks) fill(block, centres);
  if (centres) for (const count of counts) fillCount(count, centres.length);
}

/** The real number; a figure of the statistics band counts up to it (or is already counting). */
function fillCount(figure: HTMLElement, count: number): void {
  if (figure.dataset.countTo !== undefined) figure.dataset.countTo = String(count);
  figure.textContent = String(count);
}

function fill(block: HTMLElement, centres: PublicExamCentre[] | undefined): void {
  const list = block.querySelector<HTMLElement>('[data-exam-centres-list]');
  const message = block.querySelector<HTMLElement>('[data-exam-centres-message]');
  const template = block.querySelector<HTMLTemplateElement>('template[data-exam-centre-template]');
  if (!list || !template) return;
  const limit = Number(block.dataset.limit) || undefined;
  const shown = centres?.slice(0, limit) ?? [];

  list.replaceChildren(
    ...shown.map((centre) => {
      const card = template.content.cloneNode(true) as DocumentFragment;
      setField(card, 'centerName', centre.centerName);
      setField(card, 'collegeName', centre.collegeName);
      setField(card, 'city', centre.city);
      return card;
    }),
  );
  list.removeAttribute('aria-busy');
  if (message) message.textContent = centres === undefined ? FAILED : shown.length === 0 ? EMPTY : '';
}

function setField(card: DocumentFragment, field: keyof PublicExamCentre, value: string | null): void {
  const element = card.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!element) return;
  if (value) element.textContent = value;
  else element.remove();
}
