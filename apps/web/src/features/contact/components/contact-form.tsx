import { standards } from '@app/domain/standards.rules';
import { PrivacyNoticeLine } from '@/components/privacy-notice-line';
import { Button } from '@/components/ui/button';
import { checkboxClasses } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';

const standardOptions = [{ value: '', label: 'Select standard' }, ...standards.map((s) => ({ value: s, label: s }))];

/**
 * SPEC §2/§5 Contact form (name, email, phone, message, all required, checked by the browser), with the
 * standard and city the funnel needs (issue 26) and the visitor's agreement to be contacted.
 * `behaviours/contact-form.ts` sends it as a website enquiry and thanks the visitor. The `website` field
 * is a honeypot: hidden from people (and screen readers), filled by bots.
 */
export function ContactForm() {
  return (
    <form data-contact-form aria-label="Contact us" className="grid gap-4 sm:grid-cols-2">
      <Input id="contact-name" label="Name" name="name" autoComplete="name" required />
      <Input id="contact-email" label="Email" name="email" type="email" autoComplete="email" required />
      <Input id="contact-phone" label="Phone" name="phone" type="tel" autoComplete="tel" inputMode="tel" required />
      <Select id="contact-standard" label="Standard" name="standard" options={standardOptions} required />
      <Input
        id="contact-city"
        label="City"
        name="city"
        autoComplete="address-level2"
        required
        fieldClassName="sm:col-span-2"
      />
      <Textarea id="contact-message" label="Message" name="message" required fieldClassName="sm:col-span-2" />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800 sm:col-span-2">
        <input type="checkbox" name="consent" className={checkboxClasses} required />I agree to be contacted about my
        enquiry by a call or WhatsApp
      </label>
      <PrivacyNoticeLine className="sm:col-span-2" />
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <Button type="submit">Send Enquiry</Button>
        <p data-contact-notice role="status" className="text-sm font-medium text-green-700" />
      </div>
    </form>
  );
}
