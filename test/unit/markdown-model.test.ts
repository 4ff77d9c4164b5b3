import { describe, expect, it } from 'vitest';
import { markdownLines, parseNote, tableCells } from '../../scripts-src/lib/text/markdown-model.js';

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

describe('the lines the secret guard reads come from the same Markdown reading', () => {
  const fenced = (text: string) =>
    markdownLines(text)
      .map(({ fenced, fence }) => (fence ? 'F' : fenced ? 'c' : '.'))
      .join('');

  it('closes a fence only with the same character, at least as long', () => {
    expect(fenced('````md\n```\nmot de passe :\n```\n````\ntexte')).toBe('FcccF.');
    expect(fenced('~~~\n```\n~~~~\nfin')).toBe('FcF.');
    expect(fenced('```\ncode\n')).toBe('Fcc');
  });

  it('strips blockquote and list markers (a nested one too) and indentation, and gives where the text starts', () => {
    const text = 'avant\n> - DB_PASSWORD=x\n>> 1. y\n  - * z\n\tcode\n';
    const lines = markdownLines(text);
    expect(lines.map((line) => line.text)).toEqual(['avant', 'DB_PASSWORD=x', 'y', 'z', 'code', '']);
    for (const line of lines) expect(text.slice(line.start, line.start + line.text.length)).toBe(line.text);
  });

  it('reads a fence inside a blockquote, and drops a carriage return', () => {
    expect(fenced('> ```\r\n> a\r\n> ```\r\nb')).toBe('FcF.');
    expect(markdownLines('a\r\nb').map((line) => line.text)).toEqual(['a', 'b']);
  });

  it('cuts a table row into cells at their offsets', () => {
    const row = '| Compte | mot de passe |';
    expect(tableCells(row)).toEqual([
      { text: ' Compte ', at: 1 },
      { text: ' mot de passe ', at: 10 },
    ]);
    expect(tableCells('pas | une ligne')).toBeUndefined();
  });
});
