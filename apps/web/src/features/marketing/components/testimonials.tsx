import { testimonials } from '../content';
import { Carousel } from './carousel';

/** SPEC §2/§4: what students and parents say, advancing every 4 s. */
export const TESTIMONIAL_INTERVAL_MS = 4000;

export function Testimonials() {
  return (
    <Carousel
      label="What students and parents say"
      intervalMs={TESTIMONIAL_INTERVAL_MS}
      tone="light"
      className="mx-auto max-w-3xl"
      slides={testimonials.map((testimonial) => ({
        key: testimonial.name,
        content: (
          <figure className="flex h-full flex-col rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8">
            <blockquote className="text-lg text-slate-800 sm:text-xl">“{testimonial.quote}”</blockquote>
            <figcaption className="mt-4 text-slate-600">
              <span className="font-semibold text-slate-900">{testimonial.name}</span> · {testimonial.detail}
            </figcaption>
          </figure>
        ),
      }))}
    />
  );
}
