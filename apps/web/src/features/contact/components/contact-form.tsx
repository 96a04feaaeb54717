import { PrivacyNoticeLine } from '@/components/privacy-notice-line';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

/**
 * SPEC §2/§5 Contact form: four required fields, checked by the browser (email type email, phone
 * type tel). The enquiry is not sent anywhere: `behaviours/contact-form.ts` thanks the visitor and resets.
 */
export function ContactForm() {
  return (
    <form data-contact-form aria-label="Contact us" className="grid gap-4 sm:grid-cols-2">
      <Input id="contact-name" label="Name" name="name" autoComplete="name" required />
      <Input id="contact-email" label="Email" name="email" type="email" autoComplete="email" required />
      <Input
        id="contact-phone"
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        fieldClassName="sm:col-span-2"
      />
      <Textarea id="contact-message" label="Message" name="message" required fieldClassName="sm:col-span-2" />
      <PrivacyNoticeLine className="sm:col-span-2" />
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <Button type="submit">Send Enquiry</Button>
        <p data-contact-notice role="status" className="text-sm font-medium text-green-700" />
      </div>
    </form>
  );
}
