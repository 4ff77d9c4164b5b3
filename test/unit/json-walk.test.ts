import { describe, expect, it } from 'vitest';
import { type JsonEvent, JsonSyntaxError, walkJson } from '../../scripts-src/lib/io/json-walk.js';

const events = (text: string): JsonEvent[] => [...walkJson(Buffer.from(text))];

describe('walkJson', () => {
  it('yields every string with its path and key, unescaped', () => {
    const document = {
      info: { title: 'Ma "session"', id: 'ses_1' },
      messages: [{ parts: [{ text: 'ligne 1\nligne 2 é ✓' }] }],
      'clé bizarre': 'x',
      n: [1, -2.5e3, true, null],
    };
    const json = Buffer.from(JSON.stringify(document));
    const strings = events(json.toString()).filter((event) => event.type === 'string');
    expect(strings).toEqual([
      { type: 'string', path: '$.info.title', value: 'Ma "session"', key: 'title', at: expect.any(Number) },
      { type: 'string', path: '$.info.id', value: 'ses_1', key: 'id', at: expect.any(Number) },
      { type: 'string', path: '$.messages[0].parts[0].text', value: 'ligne 1\nligne 2 é ✓', key: 'text', at: expect.any(Number) },
      { type: 'string', path: '$["clé bizarre"]', value: 'x', key: 'clé bizarre', at: expect.any(Number) },
    ]);
    // `at` is the byte offset of the string's opening quote, after non-ASCII text too.
    for (const event of strings) if (event.type === 'string') expect(json.subarray(event.at).toString().startsWith(JSON.stringify(event.value))).toBe(true);
  });

  it('yields containers as they open', () => {
    expect(events('{"a": [], "b": {"c": [{}]}}').filter((event) => event.type === 'open')).toEqual([
      { type: 'open', path: '$', kind: 'object' },
      { type: 'open', path: '$.a', kind: 'array' },
      { type: 'open', path: '$.b', kind: 'object' },
      { type: 'open', path: '$.b.c', kind: 'array' },
      { type: 'open', path: '$.b.c[0]', kind: 'object' },
    ]);
  });

  it.each(['', '{', '{"a" 1}', '{"a": 1,}', '[1 2]', '{"a": "b\n"}', '"x" "y"', '{"a": tru}', '[', '{"a": 1}}', 'nul'])('refuses %j', (text) => {
    expect(() => events(text)).toThrow(JsonSyntaxError);
  });

  it('accepts what JSON.parse accepts, on a sample of documents', () => {
    for (const text of ['0', '"s"', '[]', '{}', ' [ 1 , { "a" : [ "\\u00e9\\"" ] } ] ', JSON.stringify({ deep: [[[['x']]]] })]) {
      expect(() => events(text)).not.toThrow();
      JSON.parse(text);
    }
  });

  it('refuses nesting deeper than 256 levels instead of exhausting the stack', () => {
    expect(() => events(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toThrow(JsonSyntaxError);
  });
});
