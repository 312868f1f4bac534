/** Image-size arithmetic on "WxH" strings (spec 001 §8, §9). */
export const INVALID_SIZE = "Invalid source parameter. Pass in 'originalSize'";

export interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * The platform's reading of "WxH": text split at "x" into exactly two parts, each read as a
 * leading integer (so "1.5x2.5" is 1 by 2 and "abcx1" is NaN by 1); anything else is undefined.
 */
export function splitSize(value: unknown): Size | undefined {
  if (typeof value !== 'string') return undefined;
  const parts = value.split('x');
  if (parts.length !== 2) return undefined;
  return { width: Number.parseInt(parts[0] as string, 10), height: Number.parseInt(parts[1] as string, 10) };
}

/** Thumbnail picker: the step above the largest of 100..1000 that `size` exceeds, else 100w. */
export function thumbnailFor(size: number): string {
  const picks: ReadonlyArray<readonly [number, number]> = [
    [1000, 1500],
    [750, 1000],
    [500, 750],
    [300, 500],
    [100, 300],
  ];
  for (const [above, width] of picks) {
    if (size > above) return `${width}w`;
  }
  return '100w';
}
