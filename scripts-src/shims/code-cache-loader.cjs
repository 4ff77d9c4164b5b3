// Loader of every program in dist/: the program, bundled by esbuild, is the
// text of a comment in the function PROGRAM (scripts-src/shims/wrap-program.mjs
// says why), taken back from its source; it is compiled with V8's code cache, kept per user in
// ${XDG_CACHE_HOME:-~/.cache}/contexte-skills/v8 (0700, files 0600), which
// saves about 10 ms of compilation per call once warm. A cache that is not the
// user's own, or not private, is not used: its bytes would become code. A file
// is named after its program and the code's hash; writing one removes that
// program's files for other code written more than a week ago: an update leaves
// nothing behind for long, and two versions in use side by side (two projects)
// do not delete each other's cache at every call.
// A run compiles only what it executes: the guards (lib/guards.ts), loaded only
// by a run that judges a text, mark themselves with GUARDS, and such a run
// writes a second, fuller cache when the one it found was written without them
// (by `--help`, say), so that neither kind of run compiles for nothing.
// biome-ignore lint/correctness/noUnusedVariables: called by the wrapper build.mjs writes around each bundle.
function runWithCodeCache(program, closeStandIn, name, hash, require, module, filename, dirname) {
  const source = Function.prototype.toString.call(program);
  const code = source.slice(source.indexOf('/*') + 2, source.lastIndexOf('*/')).replaceAll(closeStandIn, '*/');
  // Each regular expression compiled to machine code at its first use instead of interpreted first (as newer V8
  // versions do by default): a run applies most of the guards' patterns to a note once or twice, and interpreting
  // them cost a fifth of the guards' time on a 10 KiB note (bench/guards-in-process.ts, median of 6: 156 -> 127 ms).
  require('node:v8').setFlagsFromString('--regexp-tier-up-ticks=0');
  const GUARDS = Symbol.for('contexte-skills.guards');
  const fs = require('node:fs');
  const path = require('node:path');
  const vm = require('node:vm');
  let directory;
  let cacheFile;
  try {
    const base = process.env.XDG_CACHE_HOME || path.join(require('node:os').homedir(), '.cache');
    directory = path.join(base, 'contexte-skills', 'v8');
    fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
    const info = fs.statSync(directory);
    if (typeof process.getuid === 'function' && info.uid === process.getuid() && (info.mode & 0o077) === 0) {
      cacheFile = path.join(directory, `${name}-${hash}-${process.version}-${process.arch}`);
    }
  } catch {
    cacheFile = undefined;
  }
  let cachedData;
  let withGuards = false;
  for (const [suffix, full] of cacheFile
    ? [
        ['-gardes.bin', true],
        ['.bin', false],
      ]
    : []) {
    try {
      cachedData = fs.readFileSync(cacheFile + suffix);
      withGuards = full;
      break;
    } catch {
      cachedData = undefined;
    }
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename, cachedData });
  if (cacheFile) {
    const stale = cachedData === undefined || script.cachedDataRejected;
    // After the run, so that the functions it compiled are in the cache too.
    process.once('exit', () => {
      const guarded = globalThis[GUARDS] === true;
      if (!stale && (withGuards || !guarded)) return;
      try {
        const target = cacheFile + (guarded ? '-gardes.bin' : '.bin');
        const temporary = `${target}.${process.pid}.tmp`;
        fs.writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(temporary, target);
        for (const file of fs.readdirSync(directory)) {
          if (!file.startsWith(`${name}-`) || file.startsWith(`${name}-${hash}-`)) continue;
          const other = path.join(directory, file);
          if (Date.now() - fs.statSync(other).mtimeMs > 7 * 24 * 3600 * 1000) fs.rmSync(other, { force: true });
        }
      } catch {
        // A cache is an optimisation: never a reason to fail.
      }
    });
  }
  script.runInThisContext()(module.exports, require, module, filename, dirname);
}
