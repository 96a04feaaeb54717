import { messages } from '@app/domain/messages';

/** SPEC §2 Contact form notice, hidden again after 3 s (SPEC §9). */
export const CONTACT_NOTICE = messages.contactThanks;
export const CONTACT_NOTICE_MS = 3000;

/** What the server said when it refused the enquiry, or a general failure. */
async function refusalOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: string; issues?: { message: string }[] };
    return body.issues?.[0]?.message ?? body.message ?? messages.contactFailed;
  } catch {
    return messages.contactFailed;
  }
}

/**
 * Sends the contact form as a website enquiry (POST /api/public/enquiry, issue 26). Thanks the visitor
 * for 3 s and resets on success; shows the server's reason otherwise and keeps what was typed.
 */
export function enhanceContactForms(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-contact-form]')) {
    const notice = form.querySelector<HTMLElement>('[data-contact-notice]');
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    let timer: number | undefined;
    const say = (text: string, isError: boolean) => {
      if (!notice) return;
      notice.textContent = text;
      notice.classList.toggle('text-red-700', isError);
      notice.classList.toggle('text-green-700', !isError);
      window.clearTimeout(timer);
      if (!isError) {
        timer = window.setTimeout(() => {
          notice.textContent = '';
        }, CONTACT_NOTICE_MS);
      }
    };
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const text = (name: string) => String(data.get(name) ?? '');
      if (button) button.disabled = true;
      try {
        // Not lib/api-client: this runs on the static marketing pages, which load no app code.
        const response = await fetch('/api/public/enquiry', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            name: text('name'),
            email: text('email'),
            phone: text('phone'),
            standard: text('standard'),
            city: text('city'),
            message: text('message'),
            consent: data.get('consent') === 'on',
            website: text('website'),
          }),
        });
        if (response.ok) {
          form.reset();
          say(CONTACT_NOTICE, false);
        } else {
          say(await refusalOf(response), true);
        }
      } catch {
        say(messages.contactFailed, true);
      } finally {
        if (button) button.disabled = false;
      }
    });
  }
}
