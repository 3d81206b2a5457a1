/** The words a chart draws, from the catalogue. */
export interface ChartTexts {
  comparison: (label: string) => string;
  envelope: (label: string) => string;
  average: (value: string) => string;
  highest: (value: string) => string;
  lowest: (value: string) => string;
  difference: (difference: string) => string;
}
