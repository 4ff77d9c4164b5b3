/**
 * What the mailbox keeps of a note's header: the title and summary `list`
 * shows, and the author and team it claims (which publier compares with its
 * arguments).
 */
import type { NoteSummary } from '../mailbox/contract.js';
import { removeHiddenCharacters } from '../text/hidden-characters.js';
import { readFrontMatter } from './front-matter.js';

export interface NoteHeader {
  summary: NoteSummary;
  author?: string;
  team?: string;
}

export function readNoteHeader(text: string): NoteHeader {
  const header = readFrontMatter(text);
  if (header.status !== 'ok') return { summary: {} };
  const field = (name: string) => {
    const value = header.data[name];
    return typeof value === 'string' && value.trim() ? oneLine(value) : undefined;
  };
  const [title, summary, author, team] = [field('titre'), field('resume'), field('auteur'), field('equipe')];
  return {
    summary: { ...(title ? { title } : {}), ...(summary ? { summary } : {}) },
    ...(author ? { author } : {}),
    ...(team ? { team } : {}),
  };
}

const oneLine = (value: string) => removeHiddenCharacters(value).replace(/\s+/g, ' ').trim().slice(0, 200);
