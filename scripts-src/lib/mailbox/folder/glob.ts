/** Redis' glob (`*`, `?`, `[…]`, `\\` escapes) as a regular expression over a whole key: `list 'contexte:catalogue:*'` on a folder. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '\\' && index + 1 < glob.length) source += `\\${glob[++index]}`;
    else if (char === '[') {
      const end = glob.indexOf(']', index + 1);
      if (end < 0) source += '\\[';
      else {
        const body = glob.slice(index + 1, end).replace(/\\/g, '\\\\');
        source += `[${body.startsWith('^') ? `^${body.slice(1)}` : body}]`;
        index = end;
      }
    } else source += char.replace(/[.+^${}()|\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}
