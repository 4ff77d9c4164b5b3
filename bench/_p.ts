import { readNote } from '../scripts-src/lib/untrusted/read-untrusted.js';
import { sentenceFeatures, splitSentences } from '../scripts-src/lib/untrusted/steering.js';
import { revealedView } from '../scripts-src/lib/text/normalise.js';
for (const t of process.argv.slice(2)) {
  const r = readNote(t);
  console.log('>>', t.slice(0, 90), '\n   A:', r.alertes.map((a) => a.rule).join(','), 'V:', r.vigilance.map((a) => a.rule).join(','));
  for (const s of splitSentences(revealedView(t))) { const f = sentenceFeatures(s.text, 'always'); console.log('   ', Object.entries(f).filter(([, v]) => v).map(([k]) => k).join(' ')); }
}
