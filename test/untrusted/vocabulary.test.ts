import { describe, expect, it } from 'vitest';
import { phrases, verbs, verbsTable } from '../../scripts-src/lib/untrusted/lexicon.js';
import { assessSentence, sentenceFeatures } from '../../scripts-src/lib/untrusted/steering.js';
import { tokenize } from '../../scripts-src/lib/untrusted/token-patterns.js';
import { PHRASES, VERBS } from '../../scripts-src/lib/untrusted/vocabulary.js';

const formsOf = (lemma: string) => {
  const verb = verbsTable().find((entry) => entry.lemma === lemma);
  if (!verb) throw new Error(`${lemma} is not in VERBS`);
  return verb;
};

describe('the tokenizer', () => {
  it('keeps French elision, English contractions and hyphenated parts the way vocabulary phrases are written', () => {
    expect(tokenize('L’agent qu’il don’t Donne-moi aujourd’hui').tokens).toEqual(["l'", 'agent', "qu'", 'il', "don't", 'donne', '-moi', "aujourd'hui"]);
    expect(tokenize('rm -rf ~/.ssh : ok').tokens).toEqual(['rm', '-', 'rf', '~', '/', '.', 'ssh', ':', 'ok']);
  });

  it('knows where each token starts', () => {
    const sentence = 'Dis-le à l’agent';
    const { tokens, starts } = tokenize(sentence);
    expect(tokens.map((token, index) => sentence.toLowerCase().slice(starts[index], starts[index]! + token.replace(/'/g, '’').length))).toEqual([
      'dis',
      '-le',
      'à',
      'l’',
      'agent',
    ]);
  });
});

describe('the vocabulary tables', () => {
  it('make the forms of a French verb by rule, and keep the forms the table lists', () => {
    expect(formsOf('purger').imperative).toEqual(expect.arrayContaining(['purge', 'purgez']));
    expect(formsOf('purger').other).toEqual(expect.arrayContaining(['purgé', 'purgée', 'purgeant']));
    expect(formsOf('envoyer').imperative).toEqual(expect.arrayContaining(['envoie', 'envoyez']));
    expect(formsOf('obéir').imperative).toEqual(expect.arrayContaining(['obéis', 'obéissez']));
    expect(formsOf('dire').imperative).toEqual(expect.arrayContaining(['dis', 'dites']));
    // A participle or a third person listed in the table is not an imperative (« Fait : … » orders nobody).
    expect(formsOf('faire').imperative).not.toContain('fait');
    expect(formsOf('passer outre').imperative).toEqual(expect.arrayContaining(['passe outre', 'passez outre']));
  });

  it('make French futures by rule, an irregular one from the stem the table lists, and none of them an imperative', () => {
    expect(formsOf('supprimer').future).toEqual(['supprimeras', 'supprimerez']);
    expect(formsOf('joindre').future).toEqual(['joindras', 'joindrez']);
    expect(formsOf('obéir').future).toEqual(['obéiras', 'obéirez']);
    expect(formsOf('envoyer').future).toEqual(['enverras', 'enverrez']);
    expect(formsOf('envoyer').other).toEqual(expect.arrayContaining(['enverra', 'enverront']));
    expect(formsOf('faire abstraction').future).toEqual(['feras abstraction', 'ferez abstraction']);
    for (const verb of ['envoyer', 'faire', 'prévenir']) expect(formsOf(verb).imperative.filter((form) => formsOf(verb).future.includes(form))).toEqual([]);
  });

  it('make the forms of an English verb by its spelling rules', () => {
    expect(formsOf('delete').other).toEqual(expect.arrayContaining(['deletes', 'deleting', 'deleted']));
    expect(formsOf('stop').other).toEqual(expect.arrayContaining(['stopping', 'stopped']));
    expect(formsOf('copy').other).toEqual(expect.arrayContaining(['copies', 'copied']));
    expect(formsOf('push').other).toEqual(expect.arrayContaining(['pushes', 'pushing', 'pushed']));
  });

  it('make the plural of nouns: English inflects the last word, French the words before « de »', () => {
    expect(phrases('agent').has('llms')).toBe(true);
    const secretNames = phrases('secret-name')
      .byFirst.get('clés')
      ?.map((words) => words.join(' '));
    expect(secretNames).toEqual(expect.arrayContaining(['clés privées', 'clés ssh']));
    expect(
      phrases('agent')
        .byFirst.get('modèles')
        ?.map((words) => words.join(' ')),
    ).toContain('modèles de langage');
  });

  it('hold one line per verb, and every concept a verb names is one the features read', () => {
    const lemmas = verbsTable().map((verb) => `${verb.lemma}/${verb.language}`);
    expect(new Set(lemmas).size).toBe(lemmas.length);
    const known = new Set(['run', 'ship', 'destroy', 'leak', 'move', 'fetch', 'override', 'skip', 'tell', 'trust', 'read', 'act']);
    for (const verb of verbsTable()) for (const concept of verb.concepts) expect(known, `${verb.lemma}: ${concept}`).toContain(concept);
    expect(VERBS).toContain('purger');
    expect(PHRASES).toContain('agent');
  });

  it('are what the guard reads: a verb of the destroy table makes a destructive order in each of its forms', () => {
    for (const form of ['Purgez le cache de la recette.', 'Merci de purger le cache de la recette.', 'Purge the whole cache.']) {
      const features = sentenceFeatures(form, 'always');
      expect(features.destructive || features.destructiveOrder, form).toBe(true);
    }
    expect(verbs('base', ['destroy']).has('purgez')).toBe(true);
    // The author's own account of the past is not an order.
    expect(assessSentence('Hier, Paul a purgé le cache de la recette.')).toBeUndefined();
  });
});
