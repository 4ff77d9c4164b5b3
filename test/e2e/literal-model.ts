/**
 * A scripted OpenAI-compatible model for OpenCode, on a loopback port. It is
 * "literal": it loads a skill, then runs the commands that the skill's text
 * documents, exactly as written, with the skill's base directory and the
 * scenario's values put in place of the placeholders. A SKILL.md whose command
 * does not work from the project root makes the scenario fail.
 */
import { createServer, type Server } from 'node:http';

/** One tool call per step; the model answers with text once the steps are done. */
export type Step =
  | { skill: string }
  | {
      /** A command from the last loaded skill: the first line of a ```bash block matching this. */
      command: RegExp;
      /** Placeholder → value, or a pattern to take from the last tool output. */
      values: Record<string, string | RegExp>;
    };

export interface ChatRequest {
  tools: boolean;
  /** The tool results the model has received so far, in order. */
  toolResults: string[];
}

export interface LiteralModel {
  url: string;
  requests: ChatRequest[];
  /** What the model ran or could not run, for failure messages. */
  log: string[];
  close(): Promise<void>;
}

export async function startLiteralModel(steps: Step[]): Promise<LiteralModel> {
  const requests: ChatRequest[] = [];
  const log: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url?.endsWith('/models')) {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ object: 'list', data: [{ id: 'literal', object: 'model' }] }));
        return;
      }
      const chat = JSON.parse(body) as { tools?: unknown[]; messages?: Array<{ role: string; content?: unknown }> };
      const toolResults = (chat.messages ?? []).filter((message) => message.role === 'tool').map((message) => contentText(message.content));
      requests.push({ tools: Boolean(chat.tools?.length), toolResults });
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (delta: object, finish: string | null = null) =>
        response.write(
          `data: ${JSON.stringify({ id: `chunk-${requests.length}`, object: 'chat.completion.chunk', created: 0, model: 'literal', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      const say = (text: string) => {
        send({ role: 'assistant', content: text });
        send({}, 'stop');
      };
      if (!chat.tools?.length) {
        say('Passation'); // the session title request
      } else {
        const step = steps[toolResults.length];
        const call = step ? nextCall(step, toolResults, log) : undefined;
        if (call) {
          send({
            role: 'assistant',
            tool_calls: [
              { index: 0, id: `call_${toolResults.length + 1}`, type: 'function', function: { name: call.tool, arguments: JSON.stringify(call.input) } },
            ],
          });
          send({}, 'tool_calls');
        } else {
          say(step ? 'Je ne trouve pas la commande documentée.' : 'Terminé.');
        }
      }
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/v1`, requests, log, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function nextCall(step: Step, toolResults: string[], log: string[]): { tool: string; input: object } | undefined {
  if ('skill' in step) return { tool: 'skill', input: { name: step.skill } };
  const skillText = [...toolResults].reverse().find((result) => result.includes('Base directory for this skill: '));
  const base = /Base directory for this skill: (.+)/.exec(skillText ?? '')?.[1]?.trim();
  if (!skillText || !base) {
    log.push('aucun skill chargé');
    return undefined;
  }
  const commands = [...skillText.matchAll(/```bash\n([\s\S]*?)```/g)].flatMap((block) =>
    block[1]!
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  const documented = commands.find((line) => step.command.test(line));
  if (!documented) {
    log.push(`aucune commande documentée ne correspond à ${step.command}`);
    return undefined;
  }
  const lastOutput = toolResults[toolResults.length - 1] ?? '';
  let command = documented.replaceAll('<répertoire de base>', base);
  for (const [placeholder, value] of Object.entries(step.values)) {
    const replacement = typeof value === 'string' ? value : value.exec(lastOutput)?.[0];
    if (replacement === undefined) {
      log.push(`${placeholder} introuvable dans la sortie précédente`);
      return undefined;
    }
    command = command.replaceAll(placeholder, replacement);
  }
  if (/<[^<>\s]+>/.test(command)) {
    log.push(`paramètre non remplacé dans : ${command}`);
    return undefined;
  }
  log.push(command);
  return { tool: 'bash', input: { command, description: 'Commande documentée par le skill' } };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((part) => (typeof part === 'object' && part && 'text' in part ? String((part as { text: unknown }).text) : '')).join('');
  return '';
}
