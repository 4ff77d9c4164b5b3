import { type JsonEvent, JsonSyntaxError, walkJson } from './json-walk.js';

/** What makes a file an OpenCode export: an object with an `info` object and a `messages` array; and its title. */
export interface ExportShape {
  info: boolean;
  messages: boolean;
  title?: string;
}

export function exportShape(bytes: Buffer): ExportShape | 'invalid' {
  const shape: ExportShape = { info: false, messages: false };
  try {
    for (const event of walkJson(bytes)) addToShape(shape, event);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return 'invalid';
    throw error;
  }
  return shape;
}

/** What one event of a walk tells of the export's shape: a walk that reads the strings learns the shape on the way. */
export function addToShape(shape: ExportShape, event: JsonEvent): void {
  if (event.type === 'open' && event.path === '$.info' && event.kind === 'object') shape.info = true;
  else if (event.type === 'open' && event.path === '$.messages' && event.kind === 'array') shape.messages = true;
  else if (event.type === 'string' && event.path === '$.info.title') shape.title = event.value;
}
