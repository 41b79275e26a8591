import { fitScreen } from '../support/layout-fit';

// every role's lists fit 1366×768 in English (support/layout-fit.ts)
fitScreen(1);
