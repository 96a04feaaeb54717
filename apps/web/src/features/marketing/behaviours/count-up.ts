/** SPEC §4: the statistics count up in 60 steps of about 33 ms once half of them is visible. */
export const COUNT_STEPS = 60;
export const COUNT_STEP_MS = 33;

/** Every `[data-count-up]` group counts its `[data-count-to]` figures up from 0, once. */
export function enhanceCountUps(root: ParentNode = document): void {
  const groups = [...root.querySelectorAll<HTMLElement>('[data-count-up]')];
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (groups.length === 0 || reducedMotion || !('IntersectionObserver' in window)) return;

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        countUp([...entry.target.querySelectorAll<HTMLElement>('[data-count-to]')]);
      }
    },
    { threshold: 0.5 },
  );
  for (const group of groups) {
    // A figure still unknown (empty data-count-to, e.g. the exam centres before the API answers) keeps its text.
    for (const figure of group.querySelectorAll<HTMLElement>('[data-count-to]')) {
      if (figure.dataset.countTo) figure.textContent = '0';
    }
    observer.observe(group);
  }
}

function countUp(figures: HTMLElement[]): void {
  let step = 0;
  const timer = window.setInterval(() => {
    step += 1;
    for (const figure of figures) {
      if (!figure.dataset.countTo) continue;
      const target = Number(figure.dataset.countTo);
      figure.textContent = String(Math.round((target * step) / COUNT_STEPS));
    }
    if (step >= COUNT_STEPS) window.clearInterval(timer);
  }, COUNT_STEP_MS);
}
