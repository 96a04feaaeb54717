import type { SettingFlag } from '@app/domain/flags.schemas';

/**
 * An app page's prerendered first paint (scripts/prerender.mjs) is a static copy inside #root until
 * the app renders the same page over it. Whatever the visitor did to the copy meanwhile carries over:
 * the values typed or picked into named fields, which of them had focus, and a submit of its form
 * (src/app-boot.ts marks it), which the app's form then receives.
 */
const FIRST_PAINT = 'data-first-paint';
const SUBMITTED = `${FIRST_PAINT}-submitted`;

/**
 * The setting flags a page's first paint was chosen by (#first-paint-flags, written by the build and
 * picked by the server), so the app's first render shows the same page. Empty without a first paint.
 */
export function firstPaintFlags(): SettingFlag[] {
  const text = document.getElementById('first-paint-flags')?.textContent;
  if (!text) return [];
  try {
    const data: unknown = JSON.parse(text);
    return Array.isArray(data) ? data.filter(isSettingFlag) : [];
  } catch {
    return [];
  }
}

/** A shape check, not the zod schema: that would put zod's schemas into the app's first chunks. */
function isSettingFlag(value: unknown): value is SettingFlag {
  if (typeof value !== 'object' || value === null) return false;
  const { flagName, flagValue } = value as Record<string, unknown>;
  return typeof flagName === 'string' && (flagValue === 'true' || flagValue === 'false');
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const prototypes = [HTMLInputElement.prototype, HTMLSelectElement.prototype, HTMLTextAreaElement.prototype];

function namedFields(root: HTMLElement): Field[] {
  return [...root.querySelectorAll<Field>('input[name], select[name], textarea[name]')].filter(
    (field) => !(field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')),
  );
}

/** Sets a value the way typing does, so React's onChange (and react-hook-form) see it. */
function setValue(field: Field, value: string): void {
  const prototype = prototypes.find((candidate) => Object.getPrototypeOf(field) === candidate);
  Object.getOwnPropertyDescriptor(prototype ?? field, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Call before the app's first render into `root`; call what it returns right after that render has
 * been committed. Without a first paint in `root`, both do nothing.
 */
export function takeOverFirstPaint(root: HTMLElement): () => void {
  if (!root.hasAttribute(FIRST_PAINT)) return () => {};
  const values = new Map(namedFields(root).map((field) => [field.name, field.value]));
  const active = document.activeElement;
  const focused = active && root.contains(active) && 'name' in active ? String(active.name) : null;
  return () => {
    const submitted = root.hasAttribute(SUBMITTED);
    root.removeAttribute(FIRST_PAINT);
    root.removeAttribute(SUBMITTED);
    const fields = namedFields(root);
    for (const field of fields) {
      const value = values.get(field.name);
      if (value !== undefined && field.value !== value) setValue(field, value);
      if (field.name === focused) field.focus();
    }
    if (submitted) fields[0]?.form?.requestSubmit();
  };
}
