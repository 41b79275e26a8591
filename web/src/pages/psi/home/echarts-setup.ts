import { init, use as registerEcharts } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Named imports only: the home charts need three chart types and three components, and importing the
// `echarts/charts` namespace would bundle every chart type (a chunk over the size budget).
registerEcharts([
  BarChart,
  PieChart,
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

export { init };
