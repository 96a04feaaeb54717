import { afterEach, describe, expect, it } from 'vitest';
import { firstPaintFlags, takeOverFirstPaint } from './first-paint';

const form = `<form><input name="email" /><input name="password" type="password" />
  <select name="role"><option value="counsellor">Counsellor</option><option value="admin">Admin</option></select></form>`;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('takeOverFirstPaint', () => {
  it('carries what was typed into the static copy, and its focus, into the page that replaced it', () => {
    document.body.innerHTML = `<div id="root" data-first-paint>${form}</div>`;
    const root = document.getElementById('root') as HTMLElement;
    (root.querySelector('[name=email]') as HTMLInputElement).value = 'a@b.test';
    (root.querySelector('[name=role]') as HTMLSelectElement).value = 'admin';
    (root.querySelector('[name=password]') as HTMLInputElement).focus();
    const restore = takeOverFirstPaint(root);

    root.innerHTML = form; // what the app's render does
    const inputs: string[] = [];
    root.addEventListener('input', (event) => inputs.push((event.target as HTMLInputElement).name));
    restore();

    expect((root.querySelector('[name=email]') as HTMLInputElement).value).toBe('a@b.test');
    expect((root.querySelector('[name=role]') as HTMLSelectElement).value).toBe('admin');
    expect((root.querySelector('[name=password]') as HTMLInputElement).value).toBe('');
    expect(inputs).toEqual(['email']);
    expect(document.activeElement?.getAttribute('name')).toBe('password');
    expect(root.hasAttribute('data-first-paint')).toBe(false);
  });

  it('submits the page that replaced it, with the carried values, when the static copy was submitted', () => {
    document.body.innerHTML = `<div id="root" data-first-paint data-first-paint-submitted>${form}</div>`;
    const root = document.getElementById('root') as HTMLElement;
    (root.querySelector('[name=email]') as HTMLInputElement).value = 'a@b.test';
    const restore = takeOverFirstPaint(root);

    root.innerHTML = form;
    const submitted: string[] = [];
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push((root.querySelector('[name=email]') as HTMLInputElement).value);
    });
    restore();

    expect(submitted).toEqual(['a@b.test']);
    expect(root.hasAttribute('data-first-paint-submitted')).toBe(false);
  });

  it('does not submit when the static copy was only typed into', () => {
    document.body.innerHTML = `<div id="root" data-first-paint>${form}</div>`;
    const root = document.getElementById('root') as HTMLElement;
    const restore = takeOverFirstPaint(root);
    root.innerHTML = form;
    let submits = 0;
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      submits += 1;
    });
    restore();
    expect(submits).toBe(0);
  });

  it('does nothing without a first paint', () => {
    document.body.innerHTML = `<div id="root">${form}</div>`;
    const root = document.getElementById('root') as HTMLElement;
    (root.querySelector('[name=email]') as HTMLInputElement).value = 'kept';
    const restore = takeOverFirstPaint(root);
    root.innerHTML = form;
    restore();
    expect((root.querySelector('[name=email]') as HTMLInputElement).value).toBe('');
  });
});

describe('firstPaintFlags', () => {
  it('reads the flags the page was chosen by, keeping only well-formed ones', () => {
    document.body.innerHTML = `<script type="application/json" id="first-paint-flags">[
      {"flagName":"RESULT","flagValue":"true"},{"flagName":"HALLTICKET","flagValue":"yes"},null]</script>`;
    expect(firstPaintFlags()).toEqual([{ flagName: 'RESULT', flagValue: 'true' }]);
  });

  it('is empty without them or when they are unreadable', () => {
    expect(firstPaintFlags()).toEqual([]);
    document.body.innerHTML = '<script type="application/json" id="first-paint-flags">[{</script>';
    expect(firstPaintFlags()).toEqual([]);
  });
});
