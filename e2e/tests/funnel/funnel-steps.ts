import type { Page } from '@playwright/test';
import { expect, savePhoto } from '../../fixtures/test';

/** The visitor sends the public contact form, agreeing to be contacted, and reads SPEC's thank-you. */
export async function sendContactForm(
  page: Page,
  enquiry: { name: string; email: string; phone: string; city: string; message: string },
): Promise<void> {
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Name').fill(enquiry.name);
  await form.getByLabel('Email').fill(enquiry.email);
  await form.getByLabel('Phone').fill(enquiry.phone);
  await form.getByLabel('Standard').selectOption('10th');
  await form.getByLabel('City').fill(enquiry.city);
  await form.getByLabel('Message').fill(enquiry.message);
  await form.getByRole('checkbox', { name: /I agree to be contacted/ }).click();
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you for your enquiry! We will get back to you soon.');
}

/**
 * On the Follow-ups page, the enquiry due today is followed up (spoke to the parent, interested); it moves
 * to Upcoming. Answers its card there.
 */
export async function followUpInterested(page: Page, studentName: string, note: string) {
  await page.goto('/dashboard/followups');
  await page
    .getByRole('region', { name: 'Due today' })
    .getByRole('listitem')
    .filter({ hasText: studentName })
    .getByRole('button', { name: 'Follow up' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Follow-up' });
  await dialog.getByLabel('Outcome').selectOption('Spoke to parent');
  await dialog.getByLabel('Stage').selectOption('interested');
  await dialog.getByLabel('Note (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Save follow-up' }).click();
  await expect(page.getByText('Follow-up saved')).toBeVisible();
  const upcoming = page
    .getByRole('region', { name: 'Upcoming' })
    .getByRole('listitem')
    .filter({ hasText: studentName });
  await expect(upcoming).toContainText('interested');
  return upcoming;
}

/**
 * The registration form opened from an enquiry already holds its name, standard and parent's number:
 * the rest is filled in and the student registered. Answers the new Student ID.
 */
export async function registerFromEnquiry(
  page: Page,
  student: {
    studentName: string;
    parentNo: string;
    gender: 'Male' | 'Female';
    dob: string;
    motherName: string;
    address: string;
    pincode: string;
    school: string;
    percentage: string;
    email: string;
    centreName: string;
    amountPaid: string;
    receiptBookNo: string;
    dueDate?: string;
  },
): Promise<string> {
  await expect(page).toHaveURL(/\/dashboard\/register$/);
  const label = (name: string) => page.getByLabel(name, { exact: true });
  await expect(label('Student Name')).toHaveValue(student.studentName);
  await expect(label('Standard')).toHaveValue('10th');
  await expect(label('Parent Number')).toHaveValue(student.parentNo);
  const studentNo = `96${String(Date.now()).slice(-8)}`;
  await label('Gender').selectOption(student.gender);
  await label('Date of Birth').fill(student.dob);
  await label('Mother Name').fill(student.motherName);
  await label('Address').fill(student.address);
  await label('Pincode').fill(student.pincode);
  await label('Medium').selectOption('English');
  await label('School / College').fill(student.school);
  await label('Previous Year Percentage').fill(student.percentage);
  await label('Email').fill(student.email);
  await label('Student Number').fill(studentNo);
  await label('App Number').selectOption(studentNo);
  await label('Notification Number').selectOption(student.parentNo);
  await page.getByRole('combobox', { name: 'Exam Centre' }).click();
  await page.getByRole('combobox', { name: 'Exam Centre' }).fill(student.centreName);
  await page.getByRole('option', { name: new RegExp(student.centreName) }).click();
  await label('Amount Paid').fill(student.amountPaid);
  await label('Receipt Book No.').fill(student.receiptBookNo);
  await label('Payment Mode').selectOption('Cash');
  if (student.dueDate) await label('Due Date').fill(student.dueDate);
  for (const name of ['Student Photo', 'Receipt Photo']) await savePhoto(page, name);
  await page.getByRole('button', { name: 'Register Student' }).click();
  const registered = page.getByRole('heading', { name: /^Student registered successfully: Student ID \d{7}$/ });
  await expect(registered).toBeVisible();
  const studentId = ((await registered.textContent()) ?? '').trim().slice(-7);
  expect(studentId).toMatch(/^\d{7}$/);
  return studentId;
}
