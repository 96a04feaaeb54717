import { CounsellorBooks } from '@/features/books/components/counsellor-books';

/** SPEC §2 Counsellor Book Management (dashboard/bookdistribution); the menu shows Book Details. */
export function BookDistributionRoute() {
  return <CounsellorBooks />;
}
