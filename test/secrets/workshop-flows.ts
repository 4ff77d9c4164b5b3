/**
 * The workshop's Redis password flows (../shared/seed, « 4a. Démarrer un Redis
 * d'atelier » to « Nettoyage »), for the tests and the benchmark: every
 * command that sets or uses REDIS_PASSWORD / REDISCLI_AUTH, and the places
 * an agent would paste its value.
 */

/** Each flow with `${P}` where the workshop writes `"$REDIS_PASSWORD"` (or an agent would paste its value). */
export const WORKSHOP_FLOWS: Array<[name: string, template: string]> = [
  ['the export that keeps the password', 'export REDIS_PASSWORD="${P}"'],
  ['the export of REDISCLI_AUTH', 'export REDISCLI_AUTH="${P}"'],
  ['the docker run that starts the workshop Redis', 'docker run -d --name redis-atelier -p 6379:6379 redis:7 \\\n  redis-server --requirepass "${P}"'],
  ['the docker run on one line, unquoted', 'docker run -d --name redis-atelier -p 6379:6379 redis:7 redis-server --requirepass ${P}'],
  ['the output of echo "$REDIS_PASSWORD"', '```console\n$ echo "$REDIS_PASSWORD"\n${P}\n```'],
  ['the output of echo, outside a block', 'echo "$REDIS_PASSWORD"\n\n${P}'],
  ['redis-cli -a before PING', 'redis-cli -h 192.168.1.20 -a ${P} PING'],
  ['redis-cli -a in the cleanup pipeline', 'redis-cli -h "$REDIS_HOST" -a "${P}" --scan --pattern \'contexte:*\' | xargs -r redis-cli -h "$REDIS_HOST" DEL'],
  ['REDISCLI_AUTH given inline to the alias', "alias redis-cli='docker run --rm -i -e REDISCLI_AUTH=${P} redis:7 redis-cli'"],
  ['REDISCLI_AUTH before the command', 'REDISCLI_AUTH=${P} redis-cli -h 192.168.1.20 PING'],
  ['AUTH in a redis-cli transcript', '```\n192.168.1.20:6379> AUTH ${P}\nOK\n192.168.1.20:6379> PING\nPONG\n```'],
  ['requirepass in a redis.conf excerpt', '```conf\nbind 0.0.0.0\nrequirepass ${P}\n```'],
  ['a table cell under « Mot de passe »', '| Hôte | Port | Mot de passe |\n|---|---|---|\n| 192.168.1.20 | 6379 | ${P} |'],
  ['« Mot de passe du Redis : … » in prose', 'Mot de passe du Redis : ${P}'],
  ['a sentence giving the password', 'Le mot de passe du Redis d’atelier est ${P}, communiqué à l’oral.'],
  ['a redis URL', 'REDIS_URL=redis://default:${P}@192.168.1.20:6379/0'],
];

/** The flow with the value in place of `${P}`. */
export const expand = (template: string, value: string) => template.split('${P}').join(value);
/** The flow as the workshop writes it: the variable, not its value. */
export const unexpanded = (template: string) => expand(template, '$REDIS_PASSWORD');
