import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

/** SPEC §9: the thank-you notice shows for 3 s. */
const NOTICE_MS = 3000;

/**
 * SPEC §2 Contact form: four required fields, checked by the browser (email type email, phone
 * type tel). The enquiry is not sent anywhere: the form thanks the visitor and resets.
 */
export function ContactForm() {
  const [isThanking, setIsThanking] = useState(false);

  useEffect(() => {
    if (!isThanking) return;
    const timer = window.setTimeout(() => setIsThanking(false), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [isThanking]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.currentTarget.reset();
    setIsThanking(true);
  };

  return (
    <form onSubmit={onSubmit} aria-label="Contact us" className="grid gap-4 sm:grid-cols-2">
      <Input label="Name" name="name" autoComplete="name" required />
      <Input label="Email" name="email" type="email" autoComplete="email" required />
      <Input
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        fieldClassName="sm:col-span-2"
      />
      <Textarea label="Message" name="message" required fieldClassName="sm:col-span-2" />
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <Button type="submit">Send Enquiry</Button>
        <p role="status" className="text-sm font-medium text-green-700">
          {isThanking && 'Thank you for your enquiry! We will get back to you soon.'}
        </p>
      </div>
    </form>
  );
}
