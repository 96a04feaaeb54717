/**
 * Turns every `[data-carousel]` (see components/carousel.tsx): advances every `data-interval` ms,
 * pauses while hovered or focused or after the pause button, and never moves by itself when the
 * visitor prefers reduced motion. Previous/next and the dots always work.
 */
export function enhanceCarousels(root: ParentNode = document): void {
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  for (const carousel of root.querySelectorAll<HTMLElement>('[data-carousel]')) {
    enhanceCarousel(carousel, reducedMotion);
  }
}

function enhanceCarousel(carousel: HTMLElement, reducedMotion: boolean): void {
  const slides = [...carousel.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...carousel.querySelectorAll<HTMLButtonElement>('[data-carousel-dot]')];
  const pauseButton = carousel.querySelector<HTMLButtonElement>('[data-carousel-pause]');
  const intervalMs = Number(carousel.dataset.interval);
  if (slides.length < 2 || !(intervalMs > 0)) return;

  let current = 0;
  let isHovered = false;
  let isFocused = false;
  let isStopped = reducedMotion;
  let timer: number | undefined;

  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
    slides.forEach((slide, i) => {
      const isActive = i === current;
      slide.dataset.active = String(isActive);
      slide.inert = !isActive;
    });
    dots.forEach((dot, i) => {
      if (i === current) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
  };

  // Restarted after every change, so a slide chosen by hand also gets its full interval.
  const schedule = () => {
    window.clearInterval(timer);
    timer = undefined;
    if (isStopped || isHovered || isFocused) return;
    timer = window.setInterval(() => show(current + 1), intervalMs);
  };

  const syncPauseButton = () => {
    pauseButton?.setAttribute('aria-pressed', String(isStopped));
    pauseButton?.setAttribute('aria-label', isStopped ? 'Play slideshow' : 'Pause slideshow');
  };

  carousel.querySelector('[data-carousel-prev]')?.addEventListener('click', () => {
    show(current - 1);
    schedule();
  });
  carousel.querySelector('[data-carousel-next]')?.addEventListener('click', () => {
    show(current + 1);
    schedule();
  });
  dots.forEach((dot, i) => {
    dot.addEventListener('click', () => {
      show(i);
      schedule();
    });
  });
  pauseButton?.addEventListener('click', () => {
    isStopped = !isStopped;
    syncPauseButton();
    schedule();
  });
  carousel.addEventListener('mouseenter', () => {
    isHovered = true;
    schedule();
  });
  carousel.addEventListener('mouseleave', () => {
    isHovered = false;
    schedule();
  });
  carousel.addEventListener('focusin', () => {
    isFocused = true;
    schedule();
  });
  carousel.addEventListener('focusout', (event) => {
    if (event.relatedTarget instanceof Node && carousel.contains(event.relatedTarget)) return;
    isFocused = false;
    schedule();
  });

  syncPauseButton();
  schedule();
}
