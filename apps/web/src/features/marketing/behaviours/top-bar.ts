/** SPEC §2/§9: the top bar turns sticky after more than 50 px of scrolling. */
export const STICKY_AFTER_PX = 50;

/** The sticky top bar and the phone menu (closes on Esc, on a link, and when the page changes). */
export function enhanceTopBar(root: ParentNode = document): void {
  const bar = root.querySelector<HTMLElement>('[data-top-bar]');
  if (!bar) return;

  const updateSticky = () => {
    bar.dataset.stuck = String(window.scrollY > STICKY_AFTER_PX);
  };
  updateSticky();
  window.addEventListener('scroll', updateSticky, { passive: true });

  const toggle = bar.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = document.getElementById(toggle?.getAttribute('aria-controls') ?? '');
  if (!toggle || !menu) return;

  const setOpen = (isOpen: boolean) => {
    toggle.setAttribute('aria-expanded', String(isOpen));
    toggle.setAttribute('aria-label', isOpen ? 'Close menu' : 'Menu');
    menu.hidden = !isOpen;
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || menu.hidden) return;
    setOpen(false);
    toggle.focus();
  });
  menu.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
  });
  // Coming back with the browser's Back button restores the page as it was left: menu closed.
  window.addEventListener('pageshow', () => setOpen(false));
}
