import { lstatSync, type Stats } from 'node:fs';

/** A path's own metadata (a link is not followed), or undefined when it cannot be had (absent, unreadable). */
export function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
