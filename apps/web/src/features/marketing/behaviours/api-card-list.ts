import type { ApiCardListName } from '../components/api-card-list';

/** The `[data-api-card-list]` blocks of that name (components/api-card-list.tsx) on the page. */
export function apiCardLists(root: ParentNode, name: ApiCardListName): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(`[data-api-card-list="${name}"]`)];
}

/**
 * The `data` of a public list answer, or undefined when it could not be had. Not lib/api-client: this
 * runs on the static marketing pages, which load no app code (the client brings the session and React);
 * the calls are public, with no token to send or 401 to handle.
 */
export async function getPublicList<Item>(path: string): Promise<Item[] | undefined> {
  try {
    const response = await fetch(path, { headers: { accept: 'application/json' } });
    return response.ok ? ((await response.json()) as { data: Item[] }).data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Replaces the block's placeholders with a card per item (the first `data-limit` of them), each a copy
 * of its template that `fillCard` fills in; the status line says `empty` or `failed` when no card shows.
 */
export function fillApiCardList<Item>(
  block: HTMLElement,
  items: Item[] | undefined,
  fillCard: (card: DocumentFragment, item: Item) => void,
  texts: { empty: string; failed: string },
): void {
  const list = block.querySelector<HTMLElement>('[data-api-card-list-items]');
  const message = block.querySelector<HTMLElement>('[data-api-card-list-message]');
  const template = block.querySelector<HTMLTemplateElement>('template[data-api-card-template]');
  if (!list || !template) return;
  const limit = Number(block.dataset.limit) || undefined;
  const shown = items?.slice(0, limit) ?? [];
  list.replaceChildren(
    ...shown.map((item) => {
      const card = template.content.cloneNode(true) as DocumentFragment;
      fillCard(card, item);
      return card;
    }),
  );
  list.removeAttribute('aria-busy');
  if (message) message.textContent = items === undefined ? texts.failed : shown.length === 0 ? texts.empty : '';
}

/** Writes a card's `[data-field]`; an empty value removes the element. */
export function setField(card: DocumentFragment, field: string, value: string | null): void {
  const element = card.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!element) return;
  if (value) element.textContent = value;
  else element.remove();
}
