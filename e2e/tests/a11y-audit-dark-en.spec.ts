import { auditCombination } from '../support/a11y-audit';

// the accessibility audit (support/a11y-audit.ts) in the dark theme, in English
auditCombination(1);
