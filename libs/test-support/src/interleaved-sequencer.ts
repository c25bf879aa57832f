import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Orders each group's files (sequence.groupOrder: vitest sorts the whole run once, then splits it into groups)
 * with the e2e ones spread evenly among the group's others, the first e2e file first. The e2e files take turns
 * (scripts/test/support/e2e-turn.ts), so their chain is the group's long pole: spread out, the next one is
 * already waiting when one ends and the integration files run beside the chain instead of after it.
 */
export class InterleavedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const groups = new Map<number, TestSpecification[]>();
    for (const file of await super.sort(files)) {
      const order = file.project.config.sequence.groupOrder;
      groups.set(order, [...(groups.get(order) ?? []), file]);
    }
    return [...groups.values()].flatMap((group) =>
      interleave(
        group.filter((file) => file.project.name === 'e2e'),
        group.filter((file) => file.project.name !== 'e2e'),
      ),
    );
  }
}

/** `spread` in its order with `among` in its order between them, in runs as even as the counts allow. */
export function interleave<T>(spread: readonly T[], among: readonly T[]): T[] {
  const result: T[] = [];
  let taken = 0;
  spread.forEach((item, index) => {
    const before = Math.round((index * among.length) / spread.length);
    result.push(...among.slice(taken, before), item);
    taken = before;
  });
  return [...result, ...among.slice(taken)];
}
