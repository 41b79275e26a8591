import { useEffect } from 'react';
import { loadEcharts } from './Chart';
import { PsiHome } from './PsiHome';

export default function PsiHomePage() {
  // every PSI home draws a chart: its library downloads while the figures are requested
  useEffect(() => {
    loadEcharts().catch(() => undefined);
  }, []);
  return <PsiHome />;
}
