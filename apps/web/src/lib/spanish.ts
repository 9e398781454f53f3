// Every area's Spanish catalogue, one file the page loads only when its language is Spanish (lib/locale.tsx).
// The build compiles each catalogue (vite.config.ts, compileCatalogues). An area's file name is its name.
const files = import.meta.glob<Record<string, unknown>>('../../../../packages/domain/src/i18n/es/*.json', {
  eager: true,
  import: 'default',
});

const catalogues: Record<string, Record<string, unknown>> = {};
for (const [file, catalogue] of Object.entries(files)) {
  const area = /([\w-]+)\.json$/.exec(file)?.[1];
  if (area) catalogues[area] = catalogue;
}

export default catalogues;
