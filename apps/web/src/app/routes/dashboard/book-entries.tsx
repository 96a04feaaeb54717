import { BookManagement } from '@/features/books/components/book-management';

/** SPEC §2 Book Management (dashboard/bookentries, admin); the menu shows Book Entries. */
export function BookEntriesRoute() {
  return <BookManagement />;
}
