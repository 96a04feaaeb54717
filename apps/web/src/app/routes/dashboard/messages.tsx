import { SendMessagesScreen } from '@/features/messages/components/send-messages-screen';

/** Send Messages (dashboard/messages, admin; issue 26). */
export function MessagesRoute() {
  return <SendMessagesScreen />;
}
