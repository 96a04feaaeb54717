import { TemplatesScreen } from '@/features/messages/components/templates-screen';

/** Message Templates (dashboard/messagetemplates, admin; issue 26). */
export function MessageTemplatesRoute() {
  return <TemplatesScreen />;
}
