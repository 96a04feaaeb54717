import { whatsAppLink } from '@app/domain/phone.rules';
import { consentCodeText, type MessageLanguage } from '@app/domain/privacy.rules';

/**
 * Carries a one-time consent code to a parent's phone. With a message provider configured the code leaves
 * through the outbox (issue 26); without one the text is prepared as a click-to-WhatsApp link the
 * counsellor sends from the institute's phone (docs/decisions/018-dpdp-consent.md).
 */
export type ConsentCodeSender = {
  /**
   * Does the code reach the parent without the counsellor (a provider)? Then the message also carries
   * the link to the consent page the parent answers alone; a text the counsellor sends does not.
   */
  carriesLink: boolean;
  send(input: {
    phone: string;
    code: string;
    language: MessageLanguage;
    studentName: string;
    /** The consent page's address, when `carriesLink`. */
    link?: string | undefined;
  }): Promise<{ sent: boolean; waLink?: string }>;
};

/** No provider: nothing is sent; the answer holds the prepared text as a wa.me link. */
export const whatsAppLinkSender: ConsentCodeSender = {
  carriesLink: false,
  async send({ phone, code, language, studentName }) {
    return { sent: false, waLink: whatsAppLink(phone, consentCodeText({ code, studentName, language })) };
  },
};
