import { fitScreen } from '../support/layout-fit';

// every role's lists fit 1440×900 in English (support/layout-fit.ts)
fitScreen(2);
