/**
 * A parser that remembers its last input and answer: the checks, the header
 * reader and the reading guard each ask for the same note's model in one run
 * (publier, verifier), and the reading guard's rules for the same sentence's
 * tokens; each is built once. The answer is shared: callers only read it.
 */
export function parseOnce<T>(parse: (text: string) => T): (text: string) => T {
  let last: { text: string; value: T } | undefined;
  return (text) => {
    if (last?.text !== text) last = { text, value: parse(text) };
    return last.value;
  };
}
