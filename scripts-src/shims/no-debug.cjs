// Stand-in for the `debug` package inside our bundles. ioredis logs through
// `debug` when DEBUG=ioredis:* is set, and its log lines carry command
// arguments (AUTH's argument is the password): our programs never print them.
// It also spares loading `tty` at start-up.
'use strict';
function createDebug(namespace) {
  const debug = () => {};
  debug.enabled = false;
  debug.namespace = namespace;
  debug.log = () => {};
  debug.destroy = () => true;
  debug.extend = (suffix) => createDebug(`${namespace}:${suffix}`);
  return debug;
}
createDebug.enable = () => {};
createDebug.disable = () => '';
createDebug.enabled = () => false;
module.exports = createDebug;
module.exports.default = createDebug;
