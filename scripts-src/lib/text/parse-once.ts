/**
 * A parser that remembers its last two inputs and answers: the checks, the
 * header reader and the reading guard each ask for the same note's model in one
 * run (publier, verifier), and the reading guard's rules for the same
 * sentence's tokens, in turn with those of its words (`asWords`: « im_start »
 * read as « im start »), which would otherwise cut the sentence again after
 * each; each is built once. The answer is shared: callers only read it.
 */
export function parseOnce<T>(parse: (text: string) => T): (text: string) => T {
  let last: { text: string; value: T } | undefined;
  let before: { text: string; value: T } | undefined;
  return (text) => {
    if (last?.text === text) return last.value;
    if (before?.text === text) {
      [last, before] = [before, last];
      return last.value;
    }
    before = last;
    last = { text, value: parse(text) };
    return last.value;
  };
}
