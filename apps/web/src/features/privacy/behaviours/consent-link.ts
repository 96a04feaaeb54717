const failed = 'Could not reach the server. Please check your connection and try again.';

/** The server's reason, or a general failure. */
async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: string };
    return body.message ?? failed;
  } catch {
    return failed;
  }
}

/**
 * The token of the page's address, /consent/<token> (`consentLinkPath` in the domain; not imported, so
 * the public pages' one script loads no other chunk).
 */
export const tokenOf = (pathname: string) => pathname.replace(/^\/consent\//, '').replace(/\/+$/, '');

/**
 * The consent page (/consent/<token>, issue 27): asks the server whose consent the link is for, then
 * sends the parent's answer with the notice version the page shows. A link that is not valid (used,
 * expired, replaced, mistyped) hides the form and says so. Runs on the static page: no app code.
 */
export async function enhanceConsentLink(root: Document = document): Promise<void> {
  const form = root.querySelector<HTMLFormElement>('form[data-consent-link]');
  if (!form) return;
  const status = root.querySelector<HTMLElement>('[data-consent-status]');
  const buttons = [...form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')];
  const token = tokenOf(root.location.pathname);
  const url = `/api/public/consentLink/${encodeURIComponent(token)}`;
  const say = (text: string, isError: boolean) => {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle('text-red-700', isError);
    status.classList.toggle('text-green-700', !isError);
  };
  const end = (text: string, isError: boolean) => {
    say(text, isError);
    form.hidden = true;
    // The answer's section goes with its form: its heading over nothing would ask for an answer again.
    const section = form.closest('section');
    if (section) section.hidden = true;
    status?.scrollIntoView?.({ block: 'center' });
  };

  try {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) return end(await messageOf(response), true);
    const link = (await response.json()) as { studentName: string };
    for (const name of root.querySelectorAll('[data-consent-student]')) name.textContent = link.studentName;
    for (const button of buttons) button.disabled = false;
  } catch {
    return end(failed, true);
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    for (const button of buttons) button.disabled = true;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          messages: submitter?.value !== 'false',
          noticeVersion: Number(form.dataset.noticeVersion),
        }),
      });
      if (response.ok) return end(((await response.json()) as { message: string }).message, false);
      const reason = await messageOf(response);
      // A used or expired link cannot be answered again; anything else may be tried once more.
      if (response.status === 404) return end(reason, true);
      say(reason, true);
    } catch {
      say(failed, true);
    }
    for (const button of buttons) button.disabled = false;
  });
}
