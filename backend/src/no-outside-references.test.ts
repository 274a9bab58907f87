import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';

/**
 * Comments, test names and READMEs in the code folders stand on their own:
 * they say the reason in the code's words, never point at a numbered part of
 * a document a reader of the repository does not have. A section number (or a
 * paragraph sign) is such a pointer, and so is a Markdown file that is not in
 * the repository. An RFC is a public standard, so its sections may be cited.
 */

const ROOT = resolve(__dirname, '..', '..');
const SCANNED = ['backend/src', 'frontend/src', 'schema/src', 'tests', 'scripts', 'bench', 'docker'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'generated', '.git']);
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|css|md|graphql|html|sh)$|^Dockerfile/;

const SECTION = /\bsections?\s+\d+/i;
const PARAGRAPH_SIGN = /\u00a7/;
const RFC = /\bRFC\s*\d+/i;
const MARKDOWN_FILE = /[\w./-]*\w\.md\b/g;

interface Citation {
  file: string;
  line: number;
  text: string;
}

function listFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (SKIPPED_DIRS.has(entry.name)) return [];
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full);
    return [full];
  });
}

/** Every Markdown file the repository holds, by name: a cited one must be among them. */
function markdownInRepository(): Set<string> {
  const top = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(ROOT, entry.name));
  const nested = ['docs', ...SCANNED, 'frontend', 'backend', 'schema'].flatMap((dir) => listFiles(join(ROOT, dir)));
  return new Set([...top, ...nested].filter((file) => file.endsWith('.md')).map((file) => basename(file)));
}

/** The lines of `text` that point at a section or a document outside the repository. */
export function outsideReferences(text: string, knownMarkdown: ReadonlySet<string>): Array<{ line: number; text: string }> {
  return text.split('\n').flatMap((line, index) => {
    const cited = (SECTION.test(line) && !RFC.test(line)) || PARAGRAPH_SIGN.test(line);
    const missingDoc = [...line.matchAll(MARKDOWN_FILE)].some(([name]) => !knownMarkdown.has(basename(name)));
    return cited || missingDoc ? [{ line: index + 1, text: line.trim() }] : [];
  });
}

describe('comments and test names stand on their own', () => {
  const known = markdownInRepository();

  it('flags a numbered section, a paragraph sign and a document the repository lacks', () => {
    // Built from pieces so this file does not flag itself.
    const lines = [
      ['// see', 'section', '4'].join(' '),
      ["describe('rules (spec", 'sections', "5 and 8)')"].join(' '),
      ['/**', '\u00a7', '9 defaults */'].join(' '),
      ['// as', ['OUTSIDE', 'md'].join('.'), 'asks'].join(' '),
    ];
    expect(outsideReferences(lines.join('\n'), known).map((hit) => hit.line)).toEqual([1, 2, 3, 4]);
  });

  it('lets the code say its reasons, cite an RFC and link documents the repository holds', () => {
    const lines = [
      '// A count equal to the current quantity still records the stocktake.',
      ['// compliant with', 'section', '5.6 of RFC 3339'].join(' '),
      '// Measurements are in docs/benchmarks.md.',
      "describe('draft defaults for a create that leaves fields out')",
    ];
    expect(outsideReferences(lines.join('\n'), known)).toEqual([]);
  });

  it('finds no such pointer in the code folders', () => {
    const files = SCANNED.flatMap((dir) => listFiles(join(ROOT, dir))).filter((file) => TEXT_FILE.test(basename(file)));
    expect(files.length).toBeGreaterThan(100);
    const citations: Citation[] = files.flatMap((file) =>
      outsideReferences(readFileSync(file, 'utf8'), known).map((hit) => ({ file: relative(ROOT, file).split(sep).join('/'), ...hit })),
    );
    expect(citations).toEqual([]);
  });
});
