import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/**
 * SPEC §4 Registration draft, for every long form: the form's text fields kept in localStorage, so
 * a session that ends (or a closed tab) loses no typing. Photos are left out (a saved photo must be
 * uploaded again), as is anything the form computes.
 */
export type FormDraft = Record<string, string>;

/** SPEC §9: saved 1 s after the last edit. */
export const DRAFT_SAVE_DELAY_MS = 1000;

/**
 * The localStorage key of each form's draft ('registrationDraft' is the spec's). A form about one
 * student (a payment, an edit) keeps one draft per student, so one student's typing is never offered
 * on another's form.
 */
export const draftKeys = {
  registration: 'registrationDraft',
  visiting: 'visitingDraft',
  settlement: 'settlementDraft',
  addUser: 'addUserDraft',
  challan: 'challanDraft',
  payment: (studentId: string) => `paymentDraft:${studentId}` as const,
  studentEdit: (studentId: string) => `studentEditDraft:${studentId}` as const,
  settlementEdit: (id: number) => `settlementEditDraft:${id}` as const,
} as const;
type DraftKeyOf<T> = T extends (...args: never[]) => infer K ? K : T;
export type DraftKey = DraftKeyOf<(typeof draftKeys)[keyof typeof draftKeys]>;

function isEmpty(draft: FormDraft): boolean {
  return Object.values(draft).every((value) => value.trim() === '');
}

function textFields(values: object, excluded: ReadonlySet<string>): FormDraft {
  const draft: FormDraft = {};
  for (const [field, value] of Object.entries(values)) {
    if (typeof value === 'string' && !excluded.has(field)) draft[field] = value;
  }
  return draft;
}

/** The stored draft with text values only, or null when there is none or nothing in it. */
export function readDraft(key: DraftKey, excluded: ReadonlySet<string> = new Set()): FormDraft | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const draft = textFields(parsed, excluded);
    return isEmpty(draft) ? null : draft;
  } catch {
    return null;
  }
}

/** Stores the values (without the excluded ones); an empty form removes the draft. */
export function saveDraft(key: DraftKey, values: object, excluded: ReadonlySet<string> = new Set()): void {
  const draft = textFields(values, excluded);
  try {
    if (isEmpty(draft)) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the draft is a convenience, the form still works.
  }
}

/** The form's own fields from a found draft, over its empty values (a stray key is never taken). */
export function draftValues<TValues extends Record<string, unknown>>(draft: FormDraft, empty: TValues): TValues {
  const values: Record<string, unknown> = { ...empty };
  for (const field of Object.keys(empty)) {
    const value = draft[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values as TValues;
}

export function clearDraft(key: DraftKey): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}

type UseFormDraftOptions<TValues extends FieldValues> = {
  key: DraftKey;
  watch: UseFormWatch<TValues>;
  /** Fields never stored (photos, computed amounts, passwords). */
  excluded?: readonly string[];
  /** A form whose values are not flat text (rows of counts) writes them as text fields here. */
  toDraft?: (values: object) => FormDraft;
  /** False: a found draft is not offered (the form starts from other values); saving goes on. */
  isOffered?: boolean;
};

export type FormDraftControls = {
  /** A draft found on arrival that awaits Load or Dismiss; saving pauses meanwhile. */
  offer: FormDraft | null;
  /** Load: hands over the found draft (only the form's own fields should be taken) and resumes saving. */
  take: () => FormDraft | null;
  /** Dismiss: removes the found draft and resumes saving. */
  dismiss: () => void;
  /** After a successful submission: removes the draft and stops saving until `resume`. */
  finish: () => void;
  /** Starts saving again (a new, empty form after a submission). */
  resume: () => void;
};

/**
 * One local draft per form: offered back on arrival, saved 1 s after the last edit, and on leaving
 * the screen within that second.
 */
export function useFormDraft<TValues extends FieldValues>({
  key,
  watch,
  excluded = [],
  isOffered = true,
  toDraft,
}: UseFormDraftOptions<TValues>): FormDraftControls {
  const [excludedSet] = useState(() => new Set(excluded));
  const [flatten] = useState(() => toDraft ?? ((values: object) => values));
  const [offer, setOffer] = useState<FormDraft | null>(() => (isOffered ? readDraft(key, excludedSet) : null));
  const isFinished = useRef(false);

  useEffect(() => {
    if (offer) return;
    let timer: number | undefined;
    let pending: object | null = null;
    const subscription = watch((next) => {
      pending = next;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        pending = null;
        if (!isFinished.current) saveDraft(key, flatten(next), excludedSet);
      }, DRAFT_SAVE_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      window.clearTimeout(timer);
      // Leaving the screen within the second still keeps the last edit.
      if (pending && !isFinished.current) saveDraft(key, flatten(pending), excludedSet);
    };
  }, [watch, offer, key, excludedSet, flatten]);

  const take = useCallback(() => {
    const found = offer;
    setOffer(null);
    return found;
  }, [offer]);
  const dismiss = useCallback(() => {
    clearDraft(key);
    setOffer(null);
  }, [key]);
  const finish = useCallback(() => {
    isFinished.current = true;
    clearDraft(key);
  }, [key]);
  const resume = useCallback(() => {
    isFinished.current = false;
  }, []);

  return { offer, take, dismiss, finish, resume };
}
