import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

// Only what the reports draw (bars and lines on a category axis): chart.js tree-shakes the rest.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
  Filler,
);

/**
 * Chart.js on a canvas. Chosen for the reports because it is small when tree-shaken, draws crisp
 * on phones (device pixel ratio), has touch tooltips, and works under the app's CSP: it needs no
 * eval and injects no stylesheet (it sizes the canvas through the style property). A canvas says
 * nothing to a screen reader, so `label` names the chart and every chart sits beside its numbers.
 */
export function ChartCanvas({
  config,
  height,
  label,
  testId,
}: {
  config: ChartConfiguration<'bar' | 'line'>;
  height: number;
  label: string;
  testId?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    // A browser without a 2D context (a test's DOM) shows no chart rather than an error.
    if (!element || !element.getContext('2d')) return;
    const chart = new Chart(element, config);
    return () => chart.destroy();
  }, [config]);

  return (
    // chart.js sizes the canvas to this box: it must be positioned and have its own height.
    <div style={{ position: 'relative', height, width: '100%' }} data-testid={testId}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
