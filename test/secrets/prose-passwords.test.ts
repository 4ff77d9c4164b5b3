/**
 * Passwords said in plain words (credential-vocabulary.ts, prose-credentials.ts), and what an excerpt shows of any
 * password: nothing. The sentences come from the bench's grammar (bench/corpus/prose-passwords.ts), drawn with a
 * seed this file does not share with the bench: the grammar's parts combine into sentences nobody wrote here.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { honestPasswordTalk, prosePasswords } from '../../bench/corpus/prose-passwords.js';
import { findSecrets } from '../../scripts-src/lib/secrets/find-secrets.js';
import { readNote } from '../../scripts-src/lib/untrusted/read-untrusted.js';
import { windows } from './fake.js';

const refused = (text: string) => findSecrets(text).filter((finding) => !finding.accepted);
/** A 6-character run of `secret` that `shown` holds and that the sentence holds nowhere else (a user name, a service). */
const shownRun = (shown: string, secret: string, sentence: string) => {
  const around = sentence.split(secret).join('\n');
  return windows(secret).find((window) => shown.includes(window) && !around.includes(window));
};
/** A password as a person picks one, drawn now: never a fixture (a digit in it: eight hex letters alone may read as a word). */
const drawn = () => {
  const hex = randomBytes(4).toString('hex');
  return `Kx${/\d/.test(hex) ? hex : `${hex.slice(1)}7`}-Q!`;
};
/** A word, a year and a suffix, as people make one (`Soleil2024-Q!`): a series of words a sentence's `!` is cut from. */
const WORDS = ['Soleil', 'Printemps', 'Marseille', 'Bretagne', 'Tournesol', 'Autumn', 'Dragon'];
const madeUp = () => `${WORDS[randomInt(WORDS.length)]}${2000 + randomInt(30)}-${String.fromCharCode(65 + randomInt(26))}!`;

describe('a password said in plain words', () => {
  it.each([
    ['its account, then « est »', (pw: string) => `le mot de passe du compte \`app_recette\` est ${pw} (Karim l'a réinitialisé)`],
    ['« c’est »', (pw: string) => `le mdp du keystore c'est ${pw}`],
    ['a login and « le code habituel »', (pw: string) => `on entre avec minioadmin et le code habituel, ${pw}`],
    ['a change verb and « à »', (pw: string) => `j'ai remis son mot de passe à ${pw}`],
    ['« utiliser … pour le compte »', (pw: string) => `tu peux utiliser ${pw} pour le compte sonar-admin`],
    ['a login with user and password', (pw: string) => `Log in to Kibana with elastic and ${pw}`],
    ['"is still", its owner between', (pw: string) => `The admin password on the Jenkins box is still ${pw}`],
    ['`sudo -S` fed by echo', (pw: string) => `echo '${pw}' | sudo -S systemctl restart nginx`],
    ['a JDBC call', (pw: string) => `Connection c = DriverManager.getConnection(url, "app", "${pw}");`],
    ['a login / password cell', (pw: string) => `| Grafana | admin / ${pw} |`],
    ['a Wi-Fi key', (pw: string) => `- Wi-Fi du bureau : clé wifi ${pw}`],
    ['in parentheses', (pw: string) => `le code wifi vaut (${pw}) ; à changer après la démo`],
    ['a pair after « (login / mot de passe) »', (pw: string) => `- pgAdmin (login / mot de passe) : postgres / ${pw}`],
  ])('is refused: %s, and nothing of it is shown', (_, sentence) => {
    for (const password of [drawn(), madeUp()]) {
      const text = sentence(password);
      const findings = refused(text);
      expect(findings.length, text).toBeGreaterThan(0);
      expect(shownRun(JSON.stringify(findings), password, text)).toBeUndefined();
    }
  });

  it('is refused in at least 98 % of the sentences the grammar makes, and no report shows 6 characters of one', () => {
    const sentences = prosePasswords(600, 20261205);
    const missed = sentences.filter((sentence) => refused(sentence.text).length === 0);
    expect(missed.length / sentences.length, missed.map((sentence) => sentence.text).join('\n')).toBeLessThanOrEqual(0.02);
    const shown = sentences.filter((sentence) => shownRun(JSON.stringify(refused(sentence.text)), sentence.secret, sentence.text));
    expect(shown.map((sentence) => sentence.text)).toEqual([]);
  });

  it('is not seen where a sentence only speaks of one: where it is kept, what it must be, how to reset it', () => {
    const talk = [...new Set(honestPasswordTalk(600, 20261205))];
    expect(talk.filter((text) => refused(text).length > 0)).toEqual([]);
  });
});

describe('what an excerpt shows of a secret', () => {
  const workshopPassword = () => randomBytes(12).toString('hex'); // `openssl rand -hex 12`, as the workshop makes it

  it.each([
    ['export REDIS_PASSWORD=', ''],
    ['redis-cli -a ', ' ping'],
    ['Mot de passe : ', ''],
  ])('shows nothing of the workshop password after « %s »', (before, after) => {
    const password = workshopPassword();
    const [finding] = refused(`${before}${password}${after}`);
    expect(finding!.excerpt).toBe(`${before}****${after}`.trim());
  });

  it('keeps only a token’s public prefix', () => {
    const token = `ghp_${randomBytes(18).toString('base64url').slice(0, 36)}`;
    const [finding] = refused(`Jeton de la CI : ${token}`);
    expect(finding!.excerpt).toBe('Jeton de la CI : ghp_****');
  });

  it('masks a value bound to a password in the reading guard’s excerpts too, where the secret guard judged it no secret', () => {
    const line = 'cat ~/.aws/credentials && mysql -u app --password="changeme"';
    expect(refused(line)).toEqual([]);
    const reading = readNote(`# Note\n\n${line}\n`);
    const excerpts = [...reading.alertes, ...reading.vigilance].map((finding) => finding.excerpt);
    expect(JSON.stringify(excerpts)).toContain('--password=\\"****\\"');
    expect(JSON.stringify(excerpts)).not.toContain('changeme');
  });
});
