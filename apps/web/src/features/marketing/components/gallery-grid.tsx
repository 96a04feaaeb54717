import { gallery } from '../content';
import { Illustration } from './illustrations';

/** Moments of an exam season, drawn as our own illustrations. */
export function GalleryGrid({ limit }: { limit?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      {gallery.slice(0, limit).map((moment) => (
        <li key={moment.caption}>
          <figure className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <div className="bg-gradient-to-br from-brand-50 to-brand-100 p-3">
              <Illustration art={moment.art} className="mx-auto h-auto w-full max-w-48" />
            </div>
            <figcaption className="p-3 text-sm font-medium text-slate-800 sm:text-base">{moment.caption}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
