import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../scripts-src/lib/secret-check.js';

/** A value of a credential's shape, made at test time. */
const fakeToken = () => `ghp_${Array.from({ length: 36 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('')}`;

describe('secret check (workshop level)', () => {
  it('flags every line the workshop grep flagged, with its line number', () => {
    const text = ['# Notes', 'GITHUB_TOKEN=x', 'rien', 'api_key: y', 'Authorization: Bearer z', 'mon password est w', 'APIKEY=v'].join('\n');
    expect(findSecrets(text).map((finding) => finding.line)).toEqual([2, 4, 5, 6, 7]);
  });

  it('accepts a note without those words', () => {
    expect(findSecrets('# Objectif\nMigrer le catalogue.\r\n## État\nTests verts.\n')).toEqual([]);
  });

  it('never returns the value it flags', () => {
    const token = fakeToken();
    const [finding] = findSecrets(`export GITHUB_TOKEN=${token} # ${token}`);
    expect(finding?.excerpt).toContain('TOKEN');
    expect(finding?.excerpt).not.toContain(token.slice(4, 16));
    expect(JSON.stringify(finding)).not.toContain(token.slice(8));
  });

  it('masks long values written before the keyword too', () => {
    const token = fakeToken();
    const [finding] = findSecrets(`${token} est le token`);
    expect(finding?.excerpt).not.toContain(token.slice(4, 12));
  });
});
