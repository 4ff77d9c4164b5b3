/**
 * How `recuperer attendre` waits on a folder box: inotify (fs.watch) on the
 * box's root, the team folder and each author folder, re-armed at every
 * wake-up so that a team or an author appearing meanwhile is heard. A change
 * made on another machine of a network share reaches no inotify: the team is
 * listed again every RELIST_MS in any case, and only so when the system gives no
 * watch (inotify's limit reached, a file system without it). Nothing is read or
 * followed here: a watch only wakes the caller, who lists the team again.
 */
import { type FSWatcher, watch } from 'node:fs';
import type { ActivityWatch } from '../contract.js';

/** The longest a wake-up waits when nothing is heard: a network share's changes reach no inotify. */
const RELIST_MS = 5000;
/** Errors that say this system gives no more watches (or none): the watch falls back to listing again. */
const NO_WATCH = new Set(['ENOSPC', 'EMFILE', 'ENFILE', 'ENOSYS', 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM']);

/** `folders` gives the folders to watch now: the root, and the team's real folders (never a link). */
export function watchFolders(folders: () => Promise<string[]>): ActivityWatch {
  const watchers = new Map<string, FSWatcher>();
  let heard = false;
  let wake: (() => void) | undefined;
  let closed = false;
  const hear = () => {
    heard = true;
    wake?.();
  };
  const forget = (folder: string) => {
    watchers.get(folder)?.close();
    watchers.delete(folder);
  };
  const result: ActivityWatch = {
    mode: 'surveillance',
    async next(timeoutMs) {
      if (result.mode === 'surveillance') {
        for (const folder of await folders()) {
          if (watchers.has(folder)) continue;
          try {
            // Not persistent: a watch alone never keeps the process alive.
            const watcher = watch(folder, { persistent: false }, hear);
            // A folder removed or made unreadable: heard, forgotten, armed again at the next wake-up if it came back.
            watcher.on('error', () => {
              forget(folder);
              hear();
            });
            watchers.set(folder, watcher);
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code ?? '';
            if (NO_WATCH.has(code)) {
              for (const watched of [...watchers.keys()]) forget(watched);
              result.mode = 'releve';
              break;
            }
            // ENOENT, EACCES: the folder went away or is not ours to watch; the listing says why.
          }
        }
      }
      if (heard || closed) {
        heard = false;
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(0, Math.min(RELIST_MS, timeoutMs)));
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
      heard = false;
    },
    close() {
      closed = true;
      for (const folder of [...watchers.keys()]) forget(folder);
      wake?.();
    },
  };
  return result;
}
