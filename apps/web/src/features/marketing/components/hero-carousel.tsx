import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { siteName } from '@/config/site';
import { heroSlides } from '../content';
import { Carousel } from './carousel';
import { Illustration } from './illustrations';

/** SPEC §2/§4: the home page's hero carousel advances every 5 s. */
export const HERO_INTERVAL_MS = 5000;

export function HeroCarousel() {
  return (
    <div className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-4 pt-10 pb-4 text-white sm:pt-14">
      <div className="mx-auto max-w-6xl">
        <h1 className="w-fit rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
          {siteName} · Classes 10th and 12th
        </h1>
        <Carousel
          label="Highlights"
          intervalMs={HERO_INTERVAL_MS}
          tone="dark"
          slides={heroSlides.map((slide) => ({
            key: slide.art,
            content: (
              <div className="flex items-center gap-10 pt-4">
                <div className="flex-1">
                  <h2 className="max-w-3xl text-3xl leading-tight font-extrabold tracking-tight sm:text-5xl">
                    {slide.title}
                  </h2>
                  <p className="mt-4 max-w-2xl text-base text-brand-100 sm:text-lg">{slide.text}</p>
                  <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                    <a href={paths.courses.getHref()} className={buttonClasses({ variant: 'accent' })}>
                      Explore Courses
                    </a>
                    <a href={paths.hallTicket.getHref()} className={buttonClasses({ variant: 'inverse' })}>
                      Get Hall Ticket
                    </a>
                    <a href={paths.result.getHref()} className={buttonClasses({ variant: 'inverse' })}>
                      Check Result
                    </a>
                  </div>
                </div>
                <Illustration art={slide.art} className="hidden size-64 shrink-0 drop-shadow-2xl lg:block" />
              </div>
            ),
          }))}
        />
      </div>
    </div>
  );
}
