// Folder circles between the API's capabilities (issue 42, decision 071): `npm run lint:modules`.
//
// File by file the API has no import circle (`lint:imports`), but a folder of modules/ is one capability, and two
// folders that import each other — directly or round a longer loop — are one capability in two places. This
// script asks dependency-cruiser for the file graph of apps/api/src/modules, folds it into the graph of folders
// (a file's folder is the first path segment under modules/; app.ts, compose-*.ts, worker.ts, db/, http/,
// adapters/ are no folder of modules/ and are not read: the composition may import everything), finds the
// strongly connected components (Tarjan) and prints each of more than one folder with one file-level import
// for every pair of its folders that import each other's way. Exit code 1 when there is any.
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const MODULES = 'apps/api/src/modules/';

/** The folder of modules/ a path lies in, or undefined outside modules/. */
export function folderOf(path: string): string | undefined {
  if (!path.startsWith(MODULES)) return undefined;
  const rest = path.slice(MODULES.length);
  const slash = rest.indexOf('/');
  return slash < 0 ? undefined : rest.slice(0, slash);
}

/** folder → folder → one example import "from → to" (the first met, file paths under modules/). */
export type FolderGraph = Map<string, Map<string, string>>;

export function folderGraph(result: ICruiseResult): FolderGraph {
  const graph: FolderGraph = new Map();
  const modules = [...result.modules].sort((a, b) => a.source.localeCompare(b.source));
  for (const module of modules) {
    const from = folderOf(module.source);
    if (from === undefined) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    const dependencies = [...module.dependencies].sort((a, b) => a.resolved.localeCompare(b.resolved));
    for (const dependency of dependencies) {
      const to = folderOf(dependency.resolved);
      if (to === undefined || to === from) continue;
      const edges = graph.get(from)!;
      if (!edges.has(to)) {
        edges.set(
          to,
          `${module.source.slice(MODULES.length)} → ${dependency.resolved.slice(MODULES.length)}`,
        );
      }
    }
  }
  return graph;
}

/** Tarjan's strongly connected components, each sorted by name, the list by its first name. */
export function stronglyConnected(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The report: one block per component of more than one folder, with an example import per pair. */
export function describeCycles(graph: FolderGraph): string[] {
  const lines: string[] = [];
  const cycles = stronglyConnected(graph).filter((component) => component.length > 1);
  cycles.forEach((component, i) => {
    lines.push(`cycle ${i + 1}: ${component.length} folders: ${component.join(', ')}`);
    const inside = new Set(component);
    for (const from of component) {
      for (const [to, example] of [...graph.get(from)!].sort(([a], [b]) => a.localeCompare(b))) {
        if (inside.has(to)) lines.push(`  ${from} → ${to}  (${example})`);
      }
    }
  });
  return lines;
}

async function main(): Promise<void> {
  process.chdir(fileURLToPath(new URL('../../../', import.meta.url)));
  const tsConfig = extractTSConfig('tsconfig.depcruise.json');
  const cruised = await cruise(
    [MODULES],
    {
      doNotFollow: { path: 'node_modules' },
      exclude: { path: 'node_modules|[.]test[.]tsx?$|/dist/' },
      includeOnly: `^${MODULES}`,
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.depcruise.json' },
    },
    { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    { tsConfig },
  );
  const result = (
    typeof cruised.output === 'string' ? JSON.parse(cruised.output) : cruised.output
  ) as ICruiseResult;
  const graph = folderGraph(result);
  const lines = describeCycles(graph);
  if (lines.length === 0) {
    console.log(`lint:modules: no folder cycle among the ${graph.size} folders of ${MODULES}`);
    return;
  }
  console.error(`lint:modules: folders of ${MODULES} that import each other round a loop:`);
  for (const line of lines) console.error(line);
  console.error('Invert the lower import (decision 071): the feature registers what it adds at composition.');
  process.exitCode = 1;
}

await main();
