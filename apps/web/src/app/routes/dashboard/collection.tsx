import { CollectionManagement } from '@/features/collections/components/collection-management';

/** SPEC §2 Collection Management (dashboard/collection, admin); the menu shows 'Collection Entries'. */
export function CollectionRoute() {
  return <CollectionManagement />;
}
