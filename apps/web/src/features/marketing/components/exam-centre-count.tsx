/**
 * How many exam centres the public site lists: the pages are prerendered without a database, so
 * `behaviours/exam-centres.ts` fills it in from GET /api/public/examCentres (a dash until then).
 * `countsUp`: inside the statistics band, it counts up like the other figures once it is known.
 */
export function ExamCentreCount({ countsUp = false }: { countsUp?: boolean }) {
  return (
    <span data-exam-centre-count {...(countsUp ? { 'data-count-to': '' } : {})}>
      –
    </span>
  );
}
