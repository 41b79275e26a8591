import { useEffect, useMemo, useRef } from 'react';
import { theme } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';

type Part = Record<string, unknown>;
const list = (value: unknown): Part[] => (Array.isArray(value) ? value : value ? [value] : []) as Part[];

/** The theme's surfaces for a chart: the series palette, the lines (axes, grid) and the tooltip's background. */
export interface ChartSurface {
  palette: string[];
  line: string;
  background: string;
}

/**
 * The chart's words in the theme's text colours (4.5:1 on its surfaces, light or dark): titles, the
 * legend, axis labels and names, and the pie's outer labels, which echarts would paint in each
 * slice's colour. With a surface, the series take the theme's palette (a series' own colour wins)
 * and the axes, grid lines and tooltip the theme's lines and background, so a dark theme gets no
 * light-theme greys.
 */
export function readableChart(
  option: EChartsCoreOption,
  text: string,
  secondary: string,
  surface?: ChartSurface,
): EChartsCoreOption {
  const lines = surface ? { lineStyle: { color: surface.line } } : undefined;
  const axis = (value: unknown) =>
    list(value).map((entry) => ({
      ...entry,
      axisLabel: { color: secondary, ...(entry.axisLabel as Part) },
      nameTextStyle: { color: secondary, ...(entry.nameTextStyle as Part) },
      ...(lines
        ? {
            axisLine: { ...lines, ...(entry.axisLine as Part) },
            splitLine: { ...lines, ...(entry.splitLine as Part) },
          }
        : {}),
    }));
  const source = option as Part;
  return {
    ...source,
    ...(surface
      ? {
          color: source.color ?? surface.palette,
          tooltip: {
            backgroundColor: surface.background,
            borderColor: surface.line,
            ...(source.tooltip as Part),
            textStyle: { color: text, ...((source.tooltip as Part | undefined)?.textStyle as Part) },
          },
        }
      : {}),
    textStyle: { color: text, ...(source.textStyle as Part) },
    legend: list(source.legend).map((entry) => ({
      ...entry,
      textStyle: { color: text, ...(entry.textStyle as Part) },
    })),
    ...(source.xAxis ? { xAxis: axis(source.xAxis) } : {}),
    ...(source.yAxis ? { yAxis: axis(source.yAxis) } : {}),
    series: list(source.series).map((entry) =>
      entry.type === 'pie'
        ? {
            ...entry,
            label: { color: text, ...(entry.label as Part) },
            // slices parted by the card's own background
            ...(surface
              ? { itemStyle: { borderColor: surface.background, ...(entry.itemStyle as Part) } }
              : {}),
          }
        : entry,
    ),
  };
}

/** The `performance.mark` set when the page's first chart has drawn (`pnpm bench` times sign-in to it). */
const FIRST_CHART_MARK = 'psi:first-chart-drawn';

/** Marks the first chart drawn since the page loaded; later charts and redraws leave the mark as it is. */
function markFirstChartDrawn(): void {
  if (typeof performance === 'undefined' || performance.getEntriesByName(FIRST_CHART_MARK).length > 0) return;
  performance.mark(FIRST_CHART_MARK);
}

const importEcharts = () => import('./echarts-setup');
let echartsLoading: ReturnType<typeof importEcharts> | undefined;

/** The charts' library (its own chunk), downloaded once: the home panel starts it beside its figures' request. */
export function loadEcharts(): ReturnType<typeof importEcharts> {
  echartsLoading ??= importEcharts();
  // a failed download is tried again by the next chart
  echartsLoading.catch(() => {
    echartsLoading = undefined;
  });
  return echartsLoading;
}

/** A small echarts wrapper: the library is loaded on first use (its own chunk), resized with its box. */
export function Chart({ option: given, testId }: { option: EChartsCoreOption; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const option = useMemo(
    () =>
      readableChart(given, token.colorText, token.colorTextSecondary, {
        palette: [
          token.colorPrimary,
          token.colorSuccess,
          token.colorWarning,
          token.colorError,
          token.cyan6,
          token.purple6,
          token.magenta6,
          token.gold6,
        ],
        line: token.colorBorderSecondary,
        background: token.colorBgElevated,
      }),
    [given, token],
  );
  useEffect(() => {
    let disposed = false;
    let chart: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    void (async () => {
      const { init } = await loadEcharts();
      if (disposed || !box.current) return;
      chart = init(box.current);
      // `rendered` follows every frame the chart paints: the first one is its first draw on the canvas
      chart.on('rendered', markFirstChartDrawn);
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
