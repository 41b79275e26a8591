import { useEffect, useMemo, useRef } from 'react';
import { theme } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';

type Part = Record<string, unknown>;
const list = (value: unknown): Part[] => (Array.isArray(value) ? value : value ? [value] : []) as Part[];

/**
 * The chart's words in the theme's text colours (4.5:1 on its surfaces, light or dark): titles, the
 * legend, axis labels and names, and the pie's outer labels, which echarts would paint in each
 * slice's colour. The series keep their colours.
 */
export function readableChart(option: EChartsCoreOption, text: string, secondary: string): EChartsCoreOption {
  const axis = (value: unknown) =>
    list(value).map((entry) => ({
      ...entry,
      axisLabel: { color: secondary, ...(entry.axisLabel as Part) },
      nameTextStyle: { color: secondary, ...(entry.nameTextStyle as Part) },
    }));
  const source = option as Part;
  return {
    ...source,
    textStyle: { color: text, ...(source.textStyle as Part) },
    legend: list(source.legend).map((entry) => ({
      ...entry,
      textStyle: { color: text, ...(entry.textStyle as Part) },
    })),
    ...(source.xAxis ? { xAxis: axis(source.xAxis) } : {}),
    ...(source.yAxis ? { yAxis: axis(source.yAxis) } : {}),
    series: list(source.series).map((entry) =>
      entry.type === 'pie' ? { ...entry, label: { color: text, ...(entry.label as Part) } } : entry,
    ),
  };
}

/** A small echarts wrapper: the library is loaded on first use (its own chunk), resized with its box. */
export function Chart({ option: given, testId }: { option: EChartsCoreOption; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const option = useMemo(
    () => readableChart(given, token.colorText, token.colorTextSecondary),
    [given, token.colorText, token.colorTextSecondary],
  );
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
