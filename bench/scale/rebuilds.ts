/**
 * Every read model rebuilt from the event store with each service's own rebuild entry (README "Rebuilding a read
 * model": `dist/rebuild.cjs <projection>`), one after another with the services stopped, so nothing else competes
 * for the two cores. The entry prints how many events it replayed in how long; that is the figure.
 */
import { measuredServices, serviceCommand } from './scale-stack.js';
import { startProcess } from '../processes.js';
import type { RebuildFigure } from './results.js';

export async function measureRebuilds(env: Record<string, string>): Promise<RebuildFigure[]> {
  const figures: RebuildFigure[] = [];
  for (const service of measuredServices) {
    const entry = serviceCommand(service, 'rebuild');
    let projections: string[];
    try {
      projections = await projectionsOf(entry, env);
    } catch (error) {
      figures.push(failed(service, '(list)', error));
      continue;
    }
    for (const projection of projections) {
      console.log(`rebuilding ${service} ${projection} …`);
      try {
        figures.push({ service, projection, outcome: 'ok', ...(await rebuild(entry, projection, env)) });
      } catch (error) {
        figures.push(failed(service, projection, error));
      }
    }
  }
  return figures;
}

/** Without a name the entry lists its projections (and exits 2): `… projections: a.v1, b.v1`. */
async function projectionsOf(entry: string, env: Record<string, string>): Promise<string[]> {
  const { output } = await run('rebuild', entry, [], env);
  const listed = /projections: (.*)$/m.exec(output)?.[1];
  if (!listed) throw new Error(`${entry} listed no projections:\n${output}`);
  return listed.split(',').map((name) => name.trim());
}

async function rebuild(entry: string, projection: string, env: Record<string, string>) {
  const { code, output } = await run(`rebuild ${projection}`, entry, [projection], env);
  const done =
    /rebuilt from (\d+) events in ([\d.]+) s \((\d+) of its types; first batch after ([\d.]+) s; indexes built in ([\d.]+) s\)/.exec(
      output,
    );
  if (code !== 0 || !done) throw new Error(`exited with ${String(code)}: ${output.slice(-300)}`);
  const [events, seconds, applied, startSeconds, indexSeconds] = done.slice(1).map(Number);
  return {
    events: events!,
    seconds: seconds!,
    applied: applied!,
    startSeconds: startSeconds!,
    indexSeconds: indexSeconds!,
  };
}

async function run(name: string, entry: string, args: string[], env: Record<string, string>) {
  const child = startProcess(name, process.execPath, [entry, ...args], env, { echo: false });
  const code = await child.exited;
  return { code, output: child.output.join('\n') };
}

function failed(service: string, projection: string, error: unknown): RebuildFigure {
  const detail = error instanceof Error ? error.message : String(error);
  return { service, projection, outcome: 'failed', detail, events: 0, seconds: 0 };
}
