/**
 * Every user-facing message the server and the web app share, quoted from SPEC.md §5 and §8
 * where the spec names one. A message the spec does not name is written in the same voice.
 */
export const messages = {
  // Sign-in and sessions
  loginFailed: 'Login failed',
  loginSuccessful: 'Login successful',
  invalidCredentials: 'Invalid email or password',
  wrongRole: 'This account cannot sign in with the selected role',
  accountDeactivated: 'This account has been deactivated. Please contact the admin.',
  tooManyLoginAttempts: 'Too many failed login attempts. Please try again later.',
  signInRequired: 'Please sign in to continue',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this',

  // Users (SPEC §5 Add user, §8 Users)
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  phoneDigits: 'Phone number must be 10 digits',
  branchRequired: 'Branch is required for counsellors',
  emailTaken: 'A user with this email already exists',
  userCreated: 'User registered successfully',
  userNotFound: 'User not found',
  passwordChanged: 'Password changed!',
  somethingWentWrong: 'Something went wrong',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  lastAdmin: 'The last active admin cannot be deactivated',
  userActivated: 'User activated',
  userDeactivated: 'User deactivated',
  noUsersFound: 'No users found',
  invalidEmail: 'Enter a valid email address',
  commissionInvalid: 'Commission must be a percentage from 0 to 100, with at most 2 decimals',
  invalidDate: 'Enter a valid date',
  textInvalid: 'Must be text',
  textControlCharacters: 'Remove the special characters (such as line breaks or tabs) from this text',
  numberInvalid: 'Must be a number',
  studentDobRequired: 'Enter the date of birth',
  studentDobRange: "Enter the student's date of birth (a student aged 5 to 40)",
  staffDobRange: 'Enter a real date of birth (aged 14 to 100)',
  dueDateTooFar: 'Due date must be within two years',
  settlementDateRange: 'Payment date must be today or within the last year',
  examDateRequired: 'Choose the exam date',
  examDateRange: 'Exam date must be within a year back and three years ahead',

  // Setting flags
  flagValueInvalid: "flagValue must be 'true' or 'false'",
  flagNotFound: 'Setting flag not found',
  flagUpdated: 'Setting flag updated',

  // Audit trail (Activity)
  activityEntityUnknown: 'Choose a kind of record from the list',
  activityDateRange: 'The end date must not be before the start date',

  // Exam centres (SPEC §5 Exam centre add, §8 Centres)
  centreFieldsRequired: 'Centre ID, centre name and college name are required',
  centreAdded: 'Centre added!',
  centreUpdated: 'Centre details updated!',
  centreDeleted: 'Centre deleted',
  centreExists: 'An exam centre with this ID already exists',
  centreNotFound: 'Exam centre not found',
  centreHasStudents: 'This centre has registered students and cannot be deleted',
  capacityBelowRegistered: 'Capacity cannot be less than the number of students already registered',
  confirmDeleteCentre: 'Are you sure you want to delete this centre?',
  errorAddingCentre: 'Error adding centre',

  // Subjects and exam dates (SPEC §5 Add subject / Exam details, §8 Subjects)
  allFieldsRequired: 'All fields are required',
  subjectAdded: 'Subject added',
  subjectExists: 'A subject with this code already exists',
  subjectNotFound: 'Subject not found',
  subjectDeleted: 'Subject deleted',
  examDetailsUpdated: 'Exam details updated',
  examTimeFormat: "Exam time must be written like '10:00 AM-1:00 PM'",
  examTimeOrder: 'The exam must end after it starts',
  failedToLoadSubjects: 'Failed to load subjects',
  failedToAddSubject: 'Failed to add subject',
  failedToDeleteSubject: 'Failed to delete subject',
  failedToUpdateExam: 'Failed to update exam details',
  confirmDeleteSubject: 'Are you sure you want to delete subject ?',

  // Photos (SPEC §5 Photo upload, §8 Upload)
  onlyJpeg: 'Only JPG and JPEG files are supported',
  photoTooLarge: 'Photo must be at most 10 MB',
  photoMissing: 'Choose a photo to upload (multipart field "file")',
  uploadFailed: 'Failed to upload image. Please try again.',
  cameraDenied: 'Unable to access camera. Please check permissions.',

  // Student details (SPEC §5 Visiting form, Registration form)
  pincodeDigits: 'Pincode must be 6 digits',
  percentRange: 'Percentage must be between 0 and 100, with at most 2 decimals',
  notificationNumber: 'Notification number must be the student or the parent number',
  otherReasonRequired: 'Please write the reason',

  // Visiting (SPEC §8 Visiting)
  visitingSaved: 'Visiting form submitted successfully',
  visitingDuplicate: 'An enquiry for this student number and standard is already recorded',
  visitingSubmitError: 'Error submitting form.',
  noVisitingRecords: 'No visiting records found.',
  noCounsellorsFound: 'No counsellors found',
  failedToLoadData: 'Failed to load data',

  // Registration (SPEC §5 Registration form, §8 Registration submit)
  studentRegistered: 'Student registered successfully',
  amountPaidTooHigh: 'Amount paid cannot be greater than total amount',
  amountPaidInvalid: 'Amount paid must be a number of rupees from 0, with at most 2 decimals',
  paymentModeInvalid: 'Payment mode must be Cash, Online or Cheque',
  receiptNoDigits: 'Receipt number must be digits',
  dueDateRequired: 'Due date is required while an amount remains',
  dueDateNotRequired: 'Due date not required',
  dueDatePast: 'Due date cannot be in the past',
  examCentreRequired: 'Choose an exam centre',
  examCentreUnknown: 'This exam centre does not exist',
  examCentreFull: 'This exam centre is full: choose another one',
  studentPhotoRequired: 'Please upload and save the student photo',
  receiptPhotoRequired: 'Please upload and save the receipt photo',
  photoNotStored: 'The photo was not uploaded to this server: upload and save it again',
  registrationError: 'Error registering student. Please try again.',
  noRegistrationsFound: 'No registrations found.',

  // Payments (SPEC §4 Payment form, §5 Payment, §8 Payment)
  paymentAmountInvalid: 'Amount must be greater than 0 and less than or equal to remaining amount.',
  amountAbovePending: 'Amount must be smaller than pending amount',
  paymentSuccessful: 'Payment Successful !!',
  paymentFailed: 'Failed to process payment. Please try again.',
  balanceChanged: 'The balance has changed; reload and try again',
  receiptPhotoFirst: 'Please upload and save receipt photo first',
  noStudentSelected: 'No student selected for payment.',
  studentNotFound: 'Student not found',
  paymentNotFound: 'Payment not found',
  receiptDownloadFailed: 'Receipt download failed.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  idempotencyKeyInvalid: 'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores',

  // Settlement and collections (SPEC §5 Settlement, §8 Settlement, Receipts and proofs)
  settlementAmountInvalid: 'Enter a valid settlement amount.',
  settlementAboveBalance: 'The amount is more than what remains to settle',
  settlementProofRequired: 'Please upload and save payment proof before submitting.',
  settlementDateRequired: 'Please select a payment date.',
  settlementRemarkRequired: 'Choose the account the money was paid into',
  settlementOtherRequired: 'Write which account the money was paid into',
  settlementSubmitted: 'Collection submitted successfully!',
  settlementFailed: 'Failed to settle. Please try again.',
  settlementNotFound: 'Settlement not found',
  settlementAlreadyDecided: 'This settlement has already been verified or rejected',
  settlementVerified: 'Settlement verified',
  settlementRejected: 'Settlement rejected',
  rejectionReasonRequired: 'Write why the settlement is rejected',
  rejectedWithoutReason: 'Rejected (no reason given)',
  noTransactions: 'No transaction Found !!',
  noProofAdmin: 'No proof image available.',
  noProofCounsellor: 'No proof available.',
  proofFirst: 'Please upload and save payment proof first',
  counsellorNotFound: 'Counsellor not found',
  accountsUpdated: 'Receiving accounts updated',

  // Challans and books (SPEC §5 Challan, §8 Challan, Books, §2 Book Management, Counsellor Book Management)
  selectCounsellor: 'Please select a counsellor',
  challanEntryRequired: 'Please add at least one entry (book, pamphlet, or receipt book) with valid data',
  challanAdded: 'Entry added successfully with challan!',
  challanDateRequired: 'Please select a challan date',
  challanDateRange: 'The challan date must be within the last year or the next 30 days',
  challanCountInvalid: 'Counts must be whole numbers from 0',
  challanBookRequired: 'Enter the book name or number',
  challanBookUnknown: 'Choose a book from the catalogue',
  challanPamphletName: "A pamphlet's name is its date as DD/MM/YYYY",
  challanStandardInvalid: 'Choose a standard, pamphlet or receipt book',
  challanNotFound: 'Challan not found',
  challanNumberInvalid: 'Challan number search is at most 10 characters',
  challanDatesOrder: 'Date From cannot be later than Date To',
  challansLoading: 'Loading challans...',
  noChallans: 'No challans found matching your criteria',
  noChallanItems: 'No items found in this challan.',
  noBooksForCounsellor: 'No books found for this counsellor',
  noBooksAssigned: 'No books assigned',
  noEligibleStudents: 'No eligible students found',
  bookMarkedReceived: 'Book marked as received',
  bookNotFound: 'Book not found',
  nothingToReceive: 'There is no new stock of this book to receive',
  bookSetInvalid: 'Choose a book set: 10th, 11th or 12th',
  bookSetNotForStudent: "This book set is not part of the student's course",
  bookSetAlreadyGiven: 'This book set has already been given to the student',
  markGivenError: 'Error',

  // Documents (SPEC §8 Registration PDF, Receipts)
  studentNotFoundPdf: 'Student not found!',
  pdfGenerationFailed: 'PDF generation failed!',
  pdfError: 'Error generating PDF.',

  // Generic
  notFound: 'Not found',
  internalError: 'Something went wrong on our side. Please try again.',
  validationFailed: 'Some fields are not valid',
  bodyNotObject: 'The request must carry a JSON object',
  bodyNotJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request is too large',
  badRequestBody: 'The request body could not be read',
  unsupportedMediaType: 'Send the request as JSON (Content-Type: application/json)',
  badUrl: 'The address is not valid',
  urlTooLong: 'The address is too long',
} as const;

export type MessageKey = keyof typeof messages;

const catalogue = new Set<string>(Object.values(messages));

/** True when a text is one of ours rather than a library default. */
export function isCatalogueMessage(text: string): boolean {
  return catalogue.has(text);
}
