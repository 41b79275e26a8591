import { auditCombination } from '../support/a11y-audit';

// the accessibility audit (support/a11y-audit.ts) in the light theme, in English
auditCombination(2);
