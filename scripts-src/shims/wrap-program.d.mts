/** The program file for a bundle (see wrap-program.mjs). */
export function wrapProgram(bundle: string, name: string): string;
