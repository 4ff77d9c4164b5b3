/**
 * The ways a value the sender holds ends up in a note without any word that
 * announces it, for the tests and the benchmark. Each maker takes the value
 * and returns the line as an agent or a person would write it.
 */

const base64 = (text: string) => Buffer.from(text).toString('base64');
const base64url = (text: string) => Buffer.from(text).toString('base64url');

export const LOCAL_COPIES: Array<[name: string, write: (value: string) => string]> = [
  ['written with no credential word at all', (value) => `Valeur notée pour plus tard : ${value}`],
  ['in inline code in a list', (value) => `- la chaîne \`${value}\` revient dans les journaux`],
  ['split over two lines', (value) => `Chaîne coupée par l’éditeur :\n\n    ${value.slice(0, 12)}\n    ${value.slice(12)}`],
  ['cut by an invisible character', (value) => `La chaîne \`${value.slice(0, 9)}\u200b${value.slice(9)}\` revient dans les logs.`],
  ['cut by Markdown emphasis', (value) => `Valeur : **${value.slice(0, 7)}**${value.slice(7)}`],
  ['built by concatenation', (value) => `const v = "${value.slice(0, 10)}" + "${value.slice(10)}";`],
  ['in upper case hex', (value) => `Identifiant de la boîte : ${Buffer.from(value).toString('hex').toUpperCase()}`],
  ['base64 in a Basic header', (value) => `Proxy : \`Basic ${base64(`default:${value}`)}\``],
  ['base64 after a one-letter user', (value) => `Authorization: Basic ${base64(`a:${value}`)}`],
  ['base64url in a query', (value) => `https://intranet.local/hook?k=${base64url(`bot:${value}`)}`],
  [
    'URL-encoded in full',
    (value) => `curl "https://intranet.local/api?p=${[...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')}"`,
  ],
  ['URL-encoded in part', (value) => `Lien : https://intranet.local/login?pw=${value.slice(0, 4)}%${value.charCodeAt(4).toString(16)}${value.slice(5)}`],
];
