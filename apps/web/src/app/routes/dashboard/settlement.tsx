import { MyCollection } from '@/features/collections/components/my-collection';

/** SPEC §2 My Collection (dashboard/settlement, counsellor); the menu shows 'Collection Details'. */
export function SettlementRoute() {
  return <MyCollection />;
}
