import type { Rolldown } from 'vite';

/** What the page hints follow of a built chunk. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  /** Every module the chunk holds: a chunk group (chunks.ts) holds modules that are lazily loaded one by one. */
  moduleIds: readonly string[];
  imports: readonly string[];
  dynamicImports: readonly string[];
}

/** A shared library's local copy, which federation loads only when the host provides none: never hinted. */
const fallback = /__prebuild__/;

export function builtChunks(bundle: Rolldown.OutputBundle): BuiltChunk[] {
  return Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
}

/** `roots` and every chunk they import statically, sorted; fallback copies of shared libraries left out. */
export function staticClosure(chunks: readonly BuiltChunk[], roots: readonly string[]): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName) || fallback.test(fileName)) return;
    seen.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return [...seen].sort();
}
