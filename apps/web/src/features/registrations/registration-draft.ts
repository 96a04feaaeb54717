/**
 * SPEC §4 Registration draft: the form's fields kept in localStorage, photos and the amount
 * remaining left out (a saved photo must be uploaded again; the remaining is computed).
 */
export const REGISTRATION_DRAFT_KEY = 'registrationDraft';
/** SPEC §9: saved 1 s after the last edit. */
export const DRAFT_SAVE_DELAY_MS = 1000;

export type RegistrationDraft = Record<string, string>;

const excluded = new Set(['studentPhoto', 'receiptPhoto', 'amountRemaining']);

function isEmpty(draft: RegistrationDraft): boolean {
  return Object.values(draft).every((value) => value.trim() === '');
}

/** The stored draft with text values only, or null when there is none or nothing in it. */
export function readDraft(): RegistrationDraft | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(REGISTRATION_DRAFT_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const draft = Object.fromEntries(
      Object.entries(parsed).filter(([key, value]) => typeof value === 'string' && !excluded.has(key)),
    ) as RegistrationDraft;
    return isEmpty(draft) ? null : draft;
  } catch {
    return null;
  }
}

/** Stores the values (without the excluded ones); an empty form removes the draft. */
export function saveDraft(values: Record<string, unknown>): void {
  const draft = Object.fromEntries(
    Object.entries(values).filter(([key, value]) => typeof value === 'string' && !excluded.has(key)),
  ) as RegistrationDraft;
  try {
    if (isEmpty(draft)) localStorage.removeItem(REGISTRATION_DRAFT_KEY);
    else localStorage.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the draft is a convenience, the form still works.
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(REGISTRATION_DRAFT_KEY);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}
