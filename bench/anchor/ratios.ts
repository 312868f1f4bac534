/** The figures of `npm run bench:anchor` and how they are compared: ours over the anchor's. */

/** Every figure should be at most this share of the anchor's. */
export const GOAL = 0.5;

export interface Figure {
  readonly name: string;
  readonly unit: 'B' | 'ms' | 'requests' | 'files';
  /** Our page's figure (the median of the runs). */
  readonly ours: number;
  /** The anchor's figure (the median of the runs). */
  readonly anchor: number;
}

/** Ours divided by the anchor's; a figure the anchor does not have (0) has no ratio. */
export function ratio(ours: number, anchor: number): number | undefined {
  if (!Number.isFinite(ours) || !Number.isFinite(anchor) || anchor <= 0 || ours < 0) return undefined;
  return ours / anchor;
}

export const meetsGoal = (figure: Figure): boolean => {
  const r = ratio(figure.ours, figure.anchor);
  return r !== undefined && r <= GOAL;
};

const amount = (value: number, unit: Figure['unit']): string => {
  const whole = Math.round(value).toLocaleString('en-US');
  return unit === 'B' ? `${whole} B` : unit === 'ms' ? `${whole} ms` : whole;
};

/** The table the bench prints: one line per figure, the ratio to two places and whether it meets the goal. */
export function formatFigures(figures: readonly Figure[]): string {
  const width = Math.max(...figures.map((f) => f.name.length), 6);
  const header = `${'figure'.padEnd(width)}  ${'ours'.padStart(12)}  ${'anchor'.padStart(12)}  ratio  goal ${GOAL}`;
  const lines = figures.map((f) => {
    const r = ratio(f.ours, f.anchor);
    const verdict = r === undefined ? '-' : r <= GOAL ? 'met' : 'missed';
    return `${f.name.padEnd(width)}  ${amount(f.ours, f.unit).padStart(12)}  ${amount(f.anchor, f.unit).padStart(12)}  ${(r === undefined ? '-' : r.toFixed(2)).padStart(5)}  ${verdict}`;
  });
  return [header, ...lines].join('\n');
}
