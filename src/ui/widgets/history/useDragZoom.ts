import type { Chart } from 'chart.js';
import { useEffect, useState, type RefObject } from 'react';

/** Narrower drags are clicks (or a shaky hand), not a range. */
const MIN_DRAG_PX = 8;

export interface Selection {
  left: number;
  width: number;
}

/**
 * Dragging across a chart's plot area selects a time range: the selection is drawn while the pointer moves
 * and `onZoom` gets its start and end (ms) when released; Escape cancels. Listens on the canvas itself, so
 * the chart's own tooltips keep working. Without `onZoom` (edit mode, where a drag moves the widget) nothing.
 */
export function useDragZoom(
  chartRef: RefObject<Chart<'line' | 'bar'> | null | undefined>,
  onZoom: ((from: number, to: number) => void) | null,
): Selection | null {
  const [selection, setSelection] = useState<Selection | null>(null);
  useEffect(() => {
    const chart = chartRef.current;
    const canvas = chart?.canvas;
    if (!chart || !canvas || !onZoom) return;
    let start: number | null = null;
    const xOf = (event: PointerEvent) => {
      const { left, right } = chart.chartArea;
      const x = event.clientX - canvas.getBoundingClientRect().left;
      return Math.min(Math.max(x, left), right);
    };
    const down = (event: PointerEvent) => {
      const { left, right, top, bottom } = chart.chartArea;
      const x = event.clientX - canvas.getBoundingClientRect().left;
      const y = event.clientY - canvas.getBoundingClientRect().top;
      if (event.button !== 0 || x < left || x > right || y < top || y > bottom) return;
      start = x;
      canvas.setPointerCapture?.(event.pointerId);
    };
    const move = (event: PointerEvent) => {
      if (start === null) return;
      const x = xOf(event);
      setSelection({ left: Math.min(start, x), width: Math.abs(x - start) });
    };
    const up = (event: PointerEvent) => {
      if (start === null) return;
      const x = xOf(event);
      const [a, b] = [Math.min(start, x), Math.max(start, x)];
      start = null;
      setSelection(null);
      if (b - a < MIN_DRAG_PX) return;
      const scale = chart.scales.x;
      if (!scale) return;
      onZoom(Math.round(scale.getValueForPixel(a) ?? 0), Math.round(scale.getValueForPixel(b) ?? 0));
    };
    const cancel = (event: KeyboardEvent | PointerEvent) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      start = null;
      setSelection(null);
    };
    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', cancel);
    return () => {
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', cancel);
    };
  }, [chartRef, onZoom]);
  return selection;
}
