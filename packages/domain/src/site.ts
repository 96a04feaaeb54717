/** The company's name: top bars, footers, page titles and every document the server prints. */
export const siteName = 'Pariksha Mock Board Exams';

/** The head office, shown in the public site's footer and contact section. */
export const siteContact = {
  address: ['2nd Floor, Saraswati Chambers', 'Fergusson College Road, Shivajinagar', 'Pune, Maharashtra 411005'],
  /** As dialled from India; `phoneHref` is the tel: form. */
  phone: '+91 98765 43210',
  phoneHref: 'tel:+919876543210',
  /** WhatsApp chat with the office (wa.me takes the number without + or spaces). */
  whatsAppHref: 'https://wa.me/919876543210',
  email: 'info@pariksha-exams.in',
  hours: 'Monday to Saturday, 10 AM to 6 PM',
} as const;

/** The public site's address: the links in messages to families (hall tickets, results) start here. */
export const siteUrl = 'https://pariksha-exams.in';

/** The institute's office as printed on receipts a parent keeps (one line each). */
export const instituteAddress = siteContact.address.join(', ');
export const institutePhone = siteContact.phone;
