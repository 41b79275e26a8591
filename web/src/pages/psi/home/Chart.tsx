import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

/** A small echarts wrapper: the library is loaded on first use (its own chunk), resized with its box. */
export function Chart({ option, testId }: { option: EChartsCoreOption; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { setOption: (o: EChartsCoreOption) => void; resize: () => void; dispose: () => void } | null =
      null;
    let observer: ResizeObserver | null = null;
    void (async () => {
      const { init } = await import('./echarts-setup');
      if (disposed || !box.current) return;
      chart = init(box.current);
      chart.setOption(option);
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => chart?.resize());
        observer.observe(box.current);
      }
    })();
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.dispose();
    };
  }, [option]);
  return <div ref={box} className="psi-chart" data-testid={testId} />;
}
