/**
 * Type checks and lints in one process, one TypeScript program per project: the programs
 * `tsc -p` would build and check are handed to ESLint (typescript-eslint's
 * `parserOptions.programs`), whose type-aware rules then read types the check already
 * computed instead of building and checking the same programs again.
 *
 *   node --import tsx scripts/typesAndLint.ts app    tsconfig.json; lints all but the below
 *   node --import tsx scripts/typesAndLint.ts node   tests/server (which includes server/)
 *                                                    and workers; lints server/, tests/server/, workers/
 *
 * `npm test` runs the two side by side. Each reports what `tsc -p` and `eslint` would, and
 * exits 1 on a type error or a lint error. `npm run typecheck` and `npm run lint` still work
 * alone.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

interface Part {
  /** The projects type checked; a file is linted with the first program holding it. */
  projects: string[];
  /** What ESLint lints (its own ignores apply too). */
  lint: string[];
  ignore?: string[];
}

const nodeSide = ['server', 'tests/server', 'workers'];
const parts: Record<string, Part> = {
  app: { projects: ['tsconfig.json'], lint: ['.'], ignore: nodeSide.map((dir) => `${dir}/**`) },
  // server/tsconfig.json is not checked: tests/server/tsconfig.json includes server/ with the same options.
  node: { projects: ['tests/server/tsconfig.json', 'workers/tsconfig.json'], lint: nodeSide },
};

const name = process.argv[2] ?? '';
const part = parts[name];
if (!part) {
  console.error(`Usage: typesAndLint.ts ${Object.keys(parts).join('|')}`);
  process.exit(2);
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

function createProgram(project: string): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(project, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`Cannot read ${project}`);
  return ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    host: ts.createCompilerHost(config.options, true),
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
}

let failed = false;
const programs: ts.Program[] = [];
for (const project of part.projects) {
  const program = createProgram(project);
  programs.push(program);
  // What `tsc -p project` reports with noEmit.
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    failed = true;
    console.log(`tsc -p ${project}:`);
    console.log(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
    console.log(`Found ${diagnostics.length} type error${diagnostics.length === 1 ? '' : 's'} in ${project}.\n`);
  }
}

const eslint = new ESLint({
  ignorePatterns: part.ignore ?? [],
  overrideConfig: { files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { projectService: false, programs } } },
});
const results = await eslint.lintFiles(part.lint);
const output = await (await eslint.loadFormatter('stylish')).format(results);
if (output) console.log(output);
if (results.some((result) => result.errorCount > 0 || result.fatalErrorCount > 0)) failed = true;

// ESLint takes each file's syntax tree from the programs: a file edited since they read it
// was linted as it was then, with positions that may no longer match.
const changed = results.filter(({ filePath }) => {
  const source = programs.map((program) => program.getSourceFile(filePath)).find(Boolean);
  return source !== undefined && source.text !== readFileSync(filePath, 'utf8');
});
if (changed.length > 0) {
  failed = true;
  console.log(`Changed during the check, run it again: ${changed.map(({ filePath }) => relative(process.cwd(), filePath)).join(', ')}`);
}

process.exit(failed ? 1 : 0);
