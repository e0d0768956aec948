#!/usr/bin/env node
// Usage: node scripts/bench/gen-topics.mjs N DIR [SEED]
// The shared benchmark generator, kept byte-for-byte apart from these comment lines, so that build
// figures taken on its files compare with other site builders measured on the same files.
// Writes N distinct topic markdown files (YAML frontmatter + ~300-word body) into DIR.
// Deterministic: the same N and SEED always give the same files.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const N = Number(process.argv[2]);
const DIR = process.argv[3];
const SEED = Number(process.argv[4] ?? 1234567);
if (!Number.isInteger(N) || N < 1 || !DIR) {
  console.error('usage: node gen-topics.mjs N DIR [SEED]');
  process.exit(2);
}

// mulberry32 seeded PRNG
function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(SEED);
const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));

const WORDS = (
  'authority domain backlink ranking search crawler index page content writer audit report metric ' +
  'traffic keyword intent signal trust citation anchor profile link outreach editorial quality score ' +
  'visibility snippet schema canonical sitemap robots redirect latency render static template hydrate ' +
  'budget lighthouse image font script style layout mobile desktop reader visitor buyer brand niche ' +
  'market competitor gap strategy tactic growth baseline benchmark threshold estimate forecast model ' +
  'review summary answer question guide checklist example mistake pattern risk penalty update algorithm ' +
  'engine result position click impression conversion lead form offer plan upgrade account dashboard ' +
  'referral partner agency client project team workflow process pipeline batch queue cache server ' +
  'header status error fallback policy rule exception boundary limit range window period month week ' +
  'season trend cohort segment region language locale market channel social email newsletter article ' +
  'topic cluster pillar hub spoke entity knowledge graph fact claim source evidence study survey data ' +
  'table chart figure metric variance median percentile outlier signal noise filter weight factor'
).split(/\s+/);
const ADJ = (
  'fast slow strong weak fresh stale simple complex local global organic paid direct indirect early late ' +
  'common rare useful harmful stable volatile precise rough honest bold careful modern classic'
).split(/\s+/);

const cap = (s) => s[0].toUpperCase() + s.slice(1);
const sentence = (min = 8, max = 16) => {
  const n = int(min, max);
  const w = [];
  for (let i = 0; i < n; i++) w.push(rnd() < 0.2 ? pick(ADJ) : pick(WORDS));
  return cap(w.join(' ')) + '.';
};
const para = (s = 4) => Array.from({ length: s }, () => sentence()).join(' ');
const phrase = (n) => Array.from({ length: n }, () => pick(rnd() < 0.3 ? ADJ : WORDS)).join(' ');
const q = (s) => JSON.stringify(s); // JSON strings are valid YAML double-quoted scalars
// Search-snippet limits a careful pipeline enforces (title <= 60, description <= 160): cut at a word.
const cut = (s, max) => (s.length <= max ? s : s.slice(0, s.lastIndexOf(' ', max - 1)) + '.');

rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });
const width = String(N).length;
for (let i = 1; i <= N; i++) {
  const id = String(i).padStart(Math.max(5, width), '0');
  const slug = `topic-${id}-${pick(WORDS)}-${pick(WORDS)}`;
  const title = `${cap(phrase(3))} ${id}`;
  const fm = [
    '---',
    `title: ${q(title)}`,
    `summary: ${q(sentence(12, 20))}`,
    `h1: ${q(`What is ${title.toLowerCase()}?`)}`,
    `shortAnswer: ${q(sentence(18, 28))}`,
    `metaTitle: ${q(cut(`${title} — explained`, 60))}`,
    `metaDescription: ${q(cut(sentence(18, 24), 160))}`,
    `showUpgradeCTA: ${rnd() < 0.5}`,
    'faqs:',
    `  - q: ${q(`How does ${phrase(2)} affect ${phrase(2)}?`)}`,
    `    a: ${q(para(2))}`,
    `  - q: ${q(`When should I check ${phrase(2)}?`)}`,
    `    a: ${q(para(2))}`,
    '---',
  ].join('\n');
  const body = [
    `${para(4)}`,
    `## Why ${phrase(2)} matters`,
    `${para(4)}`,
    [
      `- **${cap(phrase(2))}**: ${sentence(6, 10)}`,
      `- **${cap(phrase(2))}**: ${sentence(6, 10)}`,
      `- **${cap(phrase(2))}**: ${sentence(6, 10)}`,
      `- [${cap(phrase(2))}](/topics) ${sentence(4, 8)}`,
    ].join('\n'),
    `## How to improve ${phrase(2)}`,
    `${para(5)}`,
    `### A ${phrase(2)} example`,
    `${para(3)}`,
    `${para(3)} Use \`${pick(WORDS)}-${pick(WORDS)}\` as a *starting point*.`,
  ].join('\n\n');
  writeFileSync(join(DIR, `${slug}.md`), `${fm}\n\n${body}\n`);
}
console.log(`wrote ${N} topic files to ${DIR}`);
