import { loadEcharts } from './Chart';
import { PsiHome } from './PsiHome';

// every PSI home draws a chart: its library downloads as soon as this page's code has arrived (while the
// login page sits idle, when it preloads the home, or beside the figures' request)
loadEcharts().catch(() => undefined);

export default function PsiHomePage() {
  return <PsiHome />;
}
