import { JsonSyntaxError, walkJson } from './json-walk.js';

/** What makes a file an OpenCode export: an object with an `info` object and a `messages` array; and its title. */
export function exportShape(bytes: Buffer): { info: boolean; messages: boolean; title?: string } | 'invalid' {
  const shape: { info: boolean; messages: boolean; title?: string } = { info: false, messages: false };
  try {
    for (const event of walkJson(bytes)) {
      if (event.type === 'open' && event.path === '$.info' && event.kind === 'object') shape.info = true;
      else if (event.type === 'open' && event.path === '$.messages' && event.kind === 'array') shape.messages = true;
      else if (event.type === 'string' && event.path === '$.info.title') shape.title = event.value;
    }
  } catch (error) {
    if (error instanceof JsonSyntaxError) return 'invalid';
    throw error;
  }
  return shape;
}
