import { describe, expect, it } from 'vitest';
import { parseNote } from '../../scripts-src/lib/text/markdown-model.js';

describe('one model per note per run', () => {
  it('is built once when the checks and the reading guard ask for the same note, and again for another note', () => {
    const note = '# Titre\n\n## Objectif\n\nRéparer le cache.\n';
    const other = `${note}\nUne ligne de plus.\n`;
    const first = parseNote(note);
    expect(parseNote(note)).toBe(first);
    const second = parseNote(other);
    expect(second).not.toBe(first);
    expect(second.lines).toHaveLength(first.lines.length + 2);
    expect(parseNote(note)).toEqual(first);
  });
});
