/** Image-size arithmetic on "WxH" strings (spec 001 §8, §9). */
export const INVALID_SIZE = "Invalid source parameter. Pass in 'originalSize'";

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** Parses "800x400"; anything else is undefined. */
export function parseSize(value: unknown): Size | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*$/i.exec(value);
  if (m === null) return undefined;
  const width = Number(m[1]);
  const height = Number(m[2]);
  return width > 0 && height > 0 ? { width, height } : undefined;
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
