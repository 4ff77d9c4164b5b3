/**
 * A session export of about `bytes`, shaped like `opencode export --sanitize`, with ordinary tool output and the
 * assistant's text in Markdown, as a model writes it (emphasis in every message: the secret guard reads the revealed
 * view of each string that has one, and an export without any would not pay for it).
 */
export function largeExport(bytes: number): string {
  const messages: unknown[] = [];
  let size = 0;
  for (let index = 0; size < bytes; index++) {
    const output = Array.from(
      { length: 40 },
      (_, line) => `${line} src/module${index}/file${line}.ts: ok, ${line * 37} tokens, password reset flow checked`,
    ).join('\n');
    const message = {
      info: {
        id: `msg_${String(index).padStart(26, '0')}`,
        role: index % 2 ? 'assistant' : 'user',
        sessionID: 'ses_bench',
        tokens: { input: 1000 + index, output: 20 },
      },
      parts: [
        { id: `prt_${index}a`, type: 'tool', tool: 'bash', state: { status: 'completed', input: { command: `npm test -- ${index}` }, output } },
        { id: `prt_${index}b`, type: 'text', text: `Le **test ${index}** passe ; le token expire dans une heure.` },
      ],
    };
    size += JSON.stringify(message).length;
    messages.push(message);
  }
  return JSON.stringify({ info: { id: 'ses_bench', title: '[redacted:session-title:ses_bench]' }, messages }, null, 2);
}
