/**
 * Calibration corpus for the reading guard: the Markdown documentation this machine's image already holds (Debian's
 * doc folder, Node's API docs, npm and its packages, the Cloud SDK, the JDK, Python's), on every developer's
 * machine and written by nobody here. None of it is an attack: an alert on one is a false alarm to read.
 *
 * Read in place, never copied: a machine without some of these folders measures the others (the bench names how
 * many documents it read from each).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Where images keep their documentation, with the name the bench gives each. */
export const SYSTEM_DOC_ROOTS: ReadonlyArray<{ name: string; root: string }> = [
  { name: 'Debian (/usr/share/doc, Node compris)', root: '/usr/share/doc' },
  { name: 'npm et ses paquets (/usr/lib/node_modules)', root: '/usr/lib/node_modules' },
  { name: 'Google Cloud SDK', root: '/usr/lib/google-cloud-sdk' },
  { name: 'JDK (/usr/lib/jvm)', root: '/usr/lib/jvm' },
  { name: 'Python (pyenv)', root: '/root/.pyenv' },
];

/** A document larger than this is a generated reference, not prose anyone reads whole. */
const MAX_BYTES = 2 * 1024 * 1024;
const MARKDOWN = /\.(?:md|markdown)(?:\.gz)?$/i;

function markdownFiles(folder: string, found: string[]): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return; // absent or unreadable: measured on the others
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) markdownFiles(path, found);
    else if (entry.isFile() && MARKDOWN.test(entry.name)) found.push(path);
  }
}

/** Every Markdown document under the roots that exist here, each once (the same file shipped twice is read once). */
export function loadSystemDocs(): Array<{ corpus: string; source: string; text: string }> {
  const seen = new Set<string>();
  const docs: Array<{ corpus: string; source: string; text: string }> = [];
  for (const { name, root } of SYSTEM_DOC_ROOTS) {
    const paths: string[] = [];
    markdownFiles(root, paths);
    for (const path of paths) {
      if (statSync(path).size > MAX_BYTES) continue;
      const bytes = readFileSync(path);
      const text = (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
      const digest = createHash('sha256').update(text).digest('hex');
      if (seen.has(digest) || text.length > MAX_BYTES) continue;
      seen.add(digest);
      docs.push({ corpus: name, source: path, text });
    }
  }
  return docs;
}
