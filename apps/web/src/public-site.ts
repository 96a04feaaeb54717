import './index.css';
import { enhanceContactForms } from '@/features/contact/behaviours/contact-form';
import { enhanceCarousels } from '@/features/marketing/behaviours/carousel';
import { enhanceCountUps } from '@/features/marketing/behaviours/count-up';
import { enhanceCourseFees } from '@/features/marketing/behaviours/course-fees';
import { enhanceExamCentres } from '@/features/marketing/behaviours/exam-centres';
import { enhanceTabs } from '@/features/marketing/behaviours/tabs';
import { enhanceTopBar } from '@/features/marketing/behaviours/top-bar';
import { enhanceConsentLink } from '@/features/privacy/behaviours/consent-link';

// The only script of the marketing pages (public-pages.tsx): wires their static HTML.
enhanceTopBar();
enhanceCarousels();
enhanceCountUps();
enhanceTabs();
enhanceContactForms();
void enhanceExamCentres();
void enhanceCourseFees();
void enhanceConsentLink();
