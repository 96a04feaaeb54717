import { GstSettingsScreen } from '@/features/payments/components/gst-settings';

/** GST Settings (dashboard/gst, admin; issue 25): tax receipts and the accountant's monthly summary. */
export function GstRoute() {
  return <GstSettingsScreen />;
}
