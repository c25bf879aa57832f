import { DockerfileParser, Env, type Instruction } from 'dockerfile-ast';
import { readRepoFile } from './compose-file.js';

export interface Stage {
  /** The FROM line's image or stage reference, e.g. `node:22-slim` or `app-${APP}`. */
  from: string;
  name: string | null;
  instructions: Instruction[];
}

/** The root Dockerfile's stages in order, each with the instructions after its FROM. */
export function dockerfileStages(text = readRepoFile('Dockerfile')): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of DockerfileParser.parse(text).getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const [image = '', , name = null] = instruction.getArguments().map((argument) => argument.getValue());
      stages.push({ from: image, name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

export function instructionsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions
    .filter((instruction) => instruction.getKeyword() === keyword)
    .map((instruction) => instruction.getArgumentsContent() ?? '');
}

/** The last USER of the final stage: the tests want it stated there, not inherited from an earlier stage. */
export function finalUser(stages: Stage[]): string | undefined {
  const final = stages.at(-1);
  return final ? instructionsOf(final, 'USER').at(-1) : undefined;
}

/** The environment an APP's image sets: the shared runtime stage's ENV, then its own stage's. */
export function imageEnvironment(stages: Stage[], app: string): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const name of ['runtime', `app-${app}`]) {
    const stage = stages.find((candidate) => candidate.name === name);
    for (const instruction of stage?.instructions ?? []) {
      if (!(instruction instanceof Env)) continue;
      for (const property of instruction.getProperties()) {
        environment[property.getName()] = property.getValue() ?? '';
      }
    }
  }
  return environment;
}
