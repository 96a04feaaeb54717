import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type CarouselProps = {
  label: string;
  /** How often it advances by itself (SPEC §4: hero 5 s, testimonials 4 s). */
  intervalMs: number;
  slides: readonly { key: string; content: ReactNode }[];
  /** Controls drawn for a dark or a light background. */
  tone: 'dark' | 'light';
  className?: string;
};

/**
 * Slides stacked in one grid cell (the tallest sets the height, so nothing moves when they change),
 * with previous/next, one dot per slide and a pause button. `behaviours/carousel.ts` turns it.
 */
export function Carousel({ label, intervalMs, slides, tone, className }: CarouselProps) {
  const control = cn(
    'grid size-11 place-items-center rounded-full',
    tone === 'dark' ? 'text-white hover:bg-white/15' : 'text-brand-800 hover:bg-brand-100',
  );
  return (
    <section
      data-carousel
      data-interval={intervalMs}
      aria-roledescription="carousel"
      aria-label={label}
      className={className}
    >
      <div className="grid">
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a group of content (WAI-ARIA carousel pattern), not a form fieldset
          <div
            key={slide.key}
            data-slide
            data-active={index === 0}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            inert={index !== 0}
            className="[grid-area:1/1] transition-opacity duration-500 data-[active=false]:invisible data-[active=false]:opacity-0 motion-reduce:transition-none"
          >
            {slide.content}
          </div>
        ))}
      </div>
      <div className="mt-4 flex items-center justify-center gap-1">
        <button type="button" data-carousel-prev aria-label="Previous slide" className={control}>
          <Chevron direction="left" />
        </button>
        {slides.map((slide, index) => (
          <button
            key={slide.key}
            type="button"
            data-carousel-dot={index}
            aria-label={`Show slide ${index + 1}`}
            aria-current={index === 0 ? 'true' : undefined}
            className="group grid size-11 place-items-center"
          >
            <span
              className={cn(
                'block size-2.5 rounded-full transition-colors group-aria-[current=true]:w-6',
                tone === 'dark'
                  ? 'bg-white/50 group-aria-[current=true]:bg-white'
                  : 'bg-brand-200 group-aria-[current=true]:bg-brand-700',
              )}
            />
          </button>
        ))}
        <button type="button" data-carousel-next aria-label="Next slide" className={control}>
          <Chevron direction="right" />
        </button>
        <button
          type="button"
          data-carousel-pause
          aria-label="Pause slideshow"
          aria-pressed="false"
          className={cn(control, 'group')}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
            <path d="M7 5h3v14H7zM14 5h3v14h-3z" className="group-aria-pressed:hidden" />
            <path d="M8 5v14l11-7z" className="hidden group-aria-pressed:block" />
          </svg>
        </button>
      </div>
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
    >
      <path d={direction === 'left' ? 'm15 6-6 6 6 6' : 'm9 6 6 6-6 6'} />
    </svg>
  );
}
