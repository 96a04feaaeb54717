/** SPEC §2 Contact form notice, hidden again after 3 s (SPEC §9). */
export const CONTACT_NOTICE = 'Thank you for your enquiry! We will get back to you soon.';
export const CONTACT_NOTICE_MS = 3000;

/** The enquiry is not sent anywhere: a valid form thanks the visitor for 3 s and resets. */
export function enhanceContactForms(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-contact-form]')) {
    const notice = form.querySelector<HTMLElement>('[data-contact-notice]');
    let timer: number | undefined;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      form.reset();
      if (!notice) return;
      notice.textContent = CONTACT_NOTICE;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        notice.textContent = '';
      }, CONTACT_NOTICE_MS);
    });
  }
}
