/**
 * Calibration corpus for the reading guard: technical Markdown that nobody in
 * this project wrote, taken from the tarballs of pinned npm packages (README,
 * CHANGELOG, docs/**). Fetched by the benchmark, never by `npm test`.
 *
 *   npx tsx bench/corpus/npm-docs.ts    # fetch what is missing, print a summary
 *
 * Tarballs, and the Markdown extracted from each, are cached in
 * ${XDG_CACHE_HOME:-~/.cache}/contexte-skills/corpus/npm/; delete that folder
 * after changing the extraction rules below.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';

/**
 * Exact `name@version` specs, each checked with `npm view`: web frameworks, CLIs,
 * build, test and devops tools, database clients, cloud SDKs, security and auth
 * libraries, and AI/LLM libraries whose docs speak of prompts, system messages,
 * assistants and agents. Most ship more than a README (changelogs made by
 * release tools, docs/ folders, eslint rule pages).
 */
export const NPM_PACKAGES: readonly string[] = [
  '@ai-sdk/amazon-bedrock@5.0.101', '@ai-sdk/anthropic@4.0.105', '@ai-sdk/google@4.0.121',
  '@ai-sdk/mistral@4.0.87', '@ai-sdk/openai-compatible@3.0.92', '@ai-sdk/openai@4.0.118',
  '@ai-sdk/provider@4.0.38', '@ai-sdk/react@4.0.177', '@ai-sdk/ui-utils@1.2.11',
  '@anthropic-ai/bedrock-sdk@1.1.2', '@anthropic-ai/claude-agent-sdk@0.3.328',
  '@anthropic-ai/claude-code@2.1.328', '@anthropic-ai/sdk@1.10.0', '@anthropic-ai/vertex-sdk@1.1.3',
  '@apollo/server@5.5.1', '@aws-sdk/client-bedrock-runtime@3.1164.0', '@aws-sdk/client-dynamodb@3.1169.0',
  '@aws-sdk/client-s3@3.1175.0', '@aws-sdk/lib-dynamodb@3.1169.0', '@azure/identity@4.14.1',
  '@azure/openai@2.0.0', '@azure/storage-blob@12.34.0', '@biomejs/biome@2.6.8',
  '@browserbasehq/stagehand@4.4.0', '@capacitor/core@8.5.2', '@casl/ability@7.0.1',
  '@elastic/elasticsearch@9.5.1', '@google-cloud/pubsub@6.3.2', '@google-cloud/storage@8.4.0',
  '@google/gemini-cli@0.61.0', '@google/genai@3.1.0', '@huggingface/inference@4.13.30',
  '@huggingface/transformers@4.3.1', '@inquirer/prompts@8.8.0', '@instructor-ai/instructor@1.7.0',
  '@kubernetes/client-node@2.0.1', '@langchain/anthropic@1.5.11', '@langchain/community@1.1.29',
  '@langchain/core@1.4.0', '@langchain/langgraph@1.7.3', '@langchain/openai@1.6.0', '@langfuse/core@5.11.1',
  '@mastra/core@1.71.0', '@mdx-js/mdx@3.1.1', '@mikro-orm/core@7.2.5', '@mistralai/mistralai@2.7.0',
  '@modelcontextprotocol/inspector@2.12.0', '@modelcontextprotocol/sdk@1.32.2',
  '@modelcontextprotocol/server-everything@2026.8.31', '@modelcontextprotocol/server-filesystem@2026.8.31',
  '@modelcontextprotocol/server-github@2025.4.8', '@modelcontextprotocol/server-memory@2026.8.31',
  '@nestjs/common@12.5.1', '@nestjs/core@12.5.1', '@octokit/core@7.0.8', '@openai/agents@0.20.0',
  '@openai/codex@0.169.0', '@openrouter/ai-sdk-provider@3.1.0', '@opensearch-project/opensearch@3.9.0',
  '@opentelemetry/api@1.10.0', '@opentelemetry/sdk-node@0.301.0', '@pinecone-database/pinecone@9.0.0',
  '@qdrant/js-client-rest@1.19.0', '@railway/cli@5.63.1', '@reduxjs/toolkit@2.14.0',
  '@remix-run/node@2.17.5', '@sendgrid/mail@8.1.6', '@slack/bolt@5.1.0', '@slack/web-api@8.2.0',
  '@supabase/supabase-js@2.119.0', '@swc/core@1.16.22', '@tauri-apps/cli@2.12.5',
  '@testing-library/jest-dom@7.0.1', '@testing-library/react@16.3.3', '@upstash/redis@1.39.0',
  '@upstash/vector@1.2.3', '@vercel/kv@3.0.0', '@vitest/eslint-plugin@1.6.28', '@voltagent/core@2.10.0',
  'agenda@6.2.6', 'ai@7.0.173', 'ajv@8.20.0', 'all-contributors-cli@6.26.1', 'amqplib@2.3.1',
  'argon2@0.45.1', 'async@3.2.6', 'audit-ci@7.1.0', 'ava@8.1.2', 'aws-cdk-lib@2.276.0', 'axios@1.21.1',
  'bcrypt@6.0.0', 'bcryptjs@3.0.3', 'body-parser@2.4.0', 'bree@9.2.9', 'bull@4.16.5', 'bullmq@6.7.0',
  'bumpp@12.3.0', 'bunyan@2.0.5', 'casbin@5.51.1', 'cassandra-driver@4.10.0', 'cdktf@0.21.0', 'chai@6.3.0',
  'chalk@6.0.1', 'class-validator@0.15.1', 'cohere-ai@8.1.0', 'commander@15.1.0', 'commitizen@4.3.2',
  'concurrently@10.0.7', 'connect@3.7.0', 'cookie-parser@1.4.7', 'cors@2.8.6', 'cron@4.4.0',
  'crypto-js@4.2.0', 'csurf@1.11.0', 'cypress@15.3.0', 'date-fns@4.4.0', 'dayjs@1.11.23', 'dd-trace@6.21.0',
  'debug@4.4.3', 'depcheck@1.4.7', 'dockerode@5.0.1', 'documentation@14.0.3', 'docusaurus@1.14.7',
  'dompurify@3.4.18', 'dotenv@18.0.10', 'e2b@2.51.0', 'ejs@7.0.2', 'elysia@1.4.30', 'enquirer@2.4.1',
  'eslint-plugin-import@2.32.0', 'eslint-plugin-jest@29.17.0', 'eslint-plugin-jsdoc@65.4.3',
  'eslint-plugin-jsx-a11y@6.10.2', 'eslint-plugin-n@18.5.0', 'eslint-plugin-playwright@2.12.2',
  'eslint-plugin-promise@7.3.0', 'eslint-plugin-react@7.37.5', 'eslint-plugin-regexp@3.3.3',
  'eslint-plugin-security@4.1.0', 'eslint-plugin-sonarjs@4.2.2', 'eslint-plugin-testing-library@7.16.2',
  'eslint-plugin-unicorn@80.0.0', 'eslint@10.15.0', 'execa@10.2.1', 'expo@58.0.26',
  'express-rate-limit@8.7.4', 'express-session@1.19.0', 'express@5.3.0', 'fast-check@4.10.2',
  'fast-glob@3.3.3', 'fast-xml-parser@5.12.1', 'fastify@5.12.8', 'fastmcp@4.20.16', 'firebase-tools@15.34.2',
  'formidable@3.5.4', 'fp-ts@2.16.11', 'gh-pages@6.3.0', 'git-cliff@2.14.2', 'glob@14.0.6', 'got@16.1.0',
  'groq-sdk@1.6.0', 'handlebars@4.7.10', 'helmet@8.3.0', 'hono@4.13.19', 'htmx.org@4.0.1',
  'http-proxy-middleware@4.2.1', 'http-proxy@1.18.1', 'inquirer@14.2.5', 'ioredis-mock@8.13.1',
  'ioredis@6.0.0', 'isomorphic-git@1.44.11', 'jose@6.2.17', 'jsdoc@4.0.5', 'jsdom@31.0.1',
  'jsonwebtoken@9.0.3', 'jszip@3.10.2', 'kafkajs@2.2.4', 'karma@6.4.4', 'keycloak-connect@26.1.1',
  'keyv@6.1.0', 'knex@3.3.0', 'koa@3.2.1', 'ky@2.1.0', 'kysely@0.29.9', 'langchain@1.5.14',
  'langfuse@3.39.2', 'license-checker@25.0.1', 'lint-staged@17.6.1', 'llamaindex@0.12.1', 'lru-cache@11.5.3',
  'lucia@3.2.2', 'madge@8.0.0', 'markdownlint-cli2@0.24.1', 'markdownlint@0.42.1', 'meow@14.1.0',
  'mocha@12.0.3', 'moment@2.31.0', 'mongodb@7.8.0', 'mongoose@9.12.1', 'mqtt@5.16.0', 'msgpackr@2.1.3',
  'msw@3.0.5', 'multer@2.5.0', 'mustache@4.2.0', 'mysql@2.18.1', 'neo4j-driver@6.3.0', 'netlify-cli@27.10.2',
  'newrelic@14.5.1', 'next-auth@4.24.15', 'next@16.4.6', 'nock@15.0.6', 'node-cron@4.6.0',
  'node-fetch@3.3.2', 'node-forge@1.4.3', 'node-ssh@13.2.1', 'nodemailer@10.6.0', 'nodemon@3.1.14',
  'np@12.1.1', 'npm-check-updates@23.1.1', 'npm-run-all@4.1.5', 'npm@12.2.2', 'nuxt@4.5.2', 'nyc@18.0.0',
  'oauth4webapi@3.8.8', 'octokit@5.0.5', 'ollama@0.6.4', 'openai-edge@1.2.3', 'openai@7.55.0',
  'openid-client@6.8.9', 'ora@9.4.1', 'otplib@13.5.0', 'p-queue@10.0.0', 'passport-google-oauth20@2.0.0',
  'passport-jwt@4.0.1', 'passport-local@1.0.0', 'passport@0.7.0', 'patch-package@8.0.1', 'pg@8.23.1',
  'pino@10.4.0', 'playwright@1.65.1', 'pm2@7.0.4', 'pnpm@12.23.0', 'prettier@3.10.1', 'prom-client@15.1.3',
  'prompts@2.4.2', 'protobufjs@8.8.1', 'qs@6.17.1', 'redis@6.3.1', 'release-it@21.1.2', 'replicate@1.4.0',
  'restify@12.0.0', 'retire@5.7.0', 'rimraf@6.1.4', 'rollup@4.68.8', 'rxjs@7.8.2', 'sanitize-html@2.18.1',
  'semantic-release@25.0.9', 'semver@7.8.6', 'sequelize@6.37.8', 'serverless@4.43.0', 'shelljs@0.10.0',
  'showdown@2.1.0', 'simple-git@4.0.2', 'sinon@22.1.0', 'snyk@1.1307.4', 'socket.io@4.8.4',
  'speakeasy@2.0.0', 'ssh2-sftp-client@12.1.1', 'ssh2@1.17.0', 'standard-version@9.5.0', 'stripe@23.1.0',
  'supabase@3.1.0', 'supertest@7.3.2', 'systeminformation@5.33.23', 'tap@21.8.0', 'tar@7.5.23',
  'telegraf@4.16.3', 'together-ai@0.52.0', 'tokenlens@1.3.1', 'ts-node@10.9.2', 'turbo@2.11.11',
  'twilio@6.2.0', 'undici@8.12.4', 'uuid@14.0.3', 'validator@13.15.35', 'verdaccio@6.10.4', 'vite@8.4.0',
  'vitepress@1.6.4', 'vitest@5.1.2', 'webpack-dev-server@6.1.0', 'webpack@5.112.2', 'winston@3.19.0',
  'ws@8.23.0', 'xlsx@0.18.5', 'xss@1.0.17', 'yup@1.7.1', 'zod-to-json-schema@3.25.2', 'zod@4.6.7',
];

type Doc = { source: string; text: string };
type Log = (line: string) => void;

const CACHE = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'contexte-skills', 'corpus', 'npm');
const PARALLEL = 4;
const MAX_BYTES = 1024 * 1024;
const MARKDOWN = /\.(md|markdown|mdx)$/i;

/** Cache file stem of a spec: `@scope/name@1.0.0` becomes `@scope+name@1.0.0`. */
const stem = (spec: string) => join(CACHE, spec.replace('/', '+'));

/** Downloads the tarball unless cached; a temporary folder keeps half-written files out of the cache. */
async function tarball(spec: string): Promise<Buffer> {
  const path = `${stem(spec)}.tgz`;
  if (!existsSync(path)) {
    const folder = await mkdtemp(join(CACHE, '.pack-'));
    try {
      const { stdout } = await promisify(execFile)(
        'npm',
        ['pack', spec, '--pack-destination', folder, '--silent'],
        { timeout: 120_000 },
      );
      await rename(join(folder, stdout.trim().split('\n').at(-1)!), path);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  return readFile(path);
}

/** Regular files of a tar archive (ustar, with pax and GNU long names). */
function* tarFiles(tar: Buffer): Generator<{ path: string; data: Buffer }> {
  let longPath: string | undefined;
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) return;
    const field = (start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    if (Number.isNaN(size) || at + 512 + size > tar.length) throw new Error('corrupt tar archive');
    const type = field(156, 1) || '0';
    const data = tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      longPath = /(?:^|\n)\d+ path=([^\n]*)/.exec(data.toString('utf8'))?.[1] ?? longPath;
    } else if (type === 'L') {
      longPath = data.toString('utf8').replace(/\0.*$/s, '');
    } else {
      const prefix = header.toString('latin1', 257, 263) === 'ustar\0' ? field(345, 155) : '';
      const path = longPath ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
      longPath = undefined;
      if (type === '0' || type === '7') yield { path, data };
    }
  }
}

/** Markdown files of one package as [path inside the package, text], cached as JSON next to the tarball. */
async function markdownOf(spec: string): Promise<Array<[string, string]>> {
  const path = `${stem(spec)}.md.json`;
  if (existsSync(path)) return JSON.parse(await readFile(path, 'utf8'));
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const files: Array<[string, string]> = [];
  for (const { path: inTar, data } of tarFiles(gunzipSync(await tarball(spec)))) {
    if (!MARKDOWN.test(inTar) || data.length > MAX_BYTES) continue;
    try {
      files.push([inTar.replace(/^(\.\/)?[^/]+\//, ''), utf8.decode(data)]);
    } catch {
      // not UTF-8: left out
    }
  }
  const partial = `${path}.${process.pid}.tmp`; // unique, as two runs may share the cache
  await writeFile(partial, JSON.stringify(files));
  await rename(partial, path);
  return files;
}

/** Runs `work` on every item, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** Every package's documents, sorted and de-duplicated, and the specs that failed. */
async function collect(log: Log): Promise<{ docs: Doc[]; failed: string[] }> {
  await mkdir(CACHE, { recursive: true });
  const missing = NPM_PACKAGES.filter((spec) => !existsSync(`${stem(spec)}.md.json`) && !existsSync(`${stem(spec)}.tgz`));
  if (missing.length > 0) log(`npm-docs: fetching ${missing.length} packages into ${CACHE}`);
  const docs: Doc[] = [];
  const failed: string[] = [];
  await eachLimited(NPM_PACKAGES, PARALLEL, async (spec) => {
    try {
      for (const [path, text] of await markdownOf(spec)) docs.push({ source: `${spec}/${path}`, text });
    } catch (error) {
      failed.push(spec);
      log(`npm-docs: ${spec} skipped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  });
  docs.sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
  const seen = new Set<string>();
  const unique = docs.filter(({ text }) => {
    const hash = createHash('sha256').update(text).digest('hex');
    if (seen.has(hash)) return false;
    seen.add(hash);
    return true;
  });
  return { docs: unique, failed: failed.sort() };
}

/**
 * Markdown documents of every package in NPM_PACKAGES, downloading what the
 * cache lacks (a failed package is logged and skipped). Files over 1 MiB or not
 * in UTF-8 are left out, and an identical text is kept only under its first
 * source. Sorted by source, `name@version/path` where the path is the one in the
 * tarball without its top folder (`package/`).
 */
export async function loadNpmDocs(options: { log?: (line: string) => void } = {}): Promise<Array<{ source: string; text: string }>> {
  return (await collect(options.log ?? (() => {}))).docs;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const started = performance.now();
  const { docs, failed } = await collect((line) => console.error(line));
  const bytes = (doc: Doc) => Buffer.byteLength(doc.text);
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  console.log(`packages: ${NPM_PACKAGES.length - failed.length} ok, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`);
  console.log(`documents: ${docs.length}, ${mib(docs.reduce((sum, doc) => sum + bytes(doc), 0))}`);
  console.log(`time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log('biggest:');
  for (const doc of [...docs].sort((a, b) => bytes(b) - bytes(a)).slice(0, 10)) {
    console.log(`  ${(bytes(doc) / 1024).toFixed(0).padStart(5)} KiB  ${doc.source}`);
  }
}
