import { describe, expect, it } from 'vitest';
import { interleave } from '../src/interleaved-sequencer.js';

describe('interleave', () => {
  it('starts with the first spread item and spaces the rest evenly among the others, keeping both orders', () => {
    expect(interleave(['A', 'B', 'C'], ['1', '2', '3', '4', '5', '6'])).toEqual([
      'A',
      '1',
      '2',
      'B',
      '3',
      '4',
      'C',
      '5',
      '6',
    ]);
    expect(interleave(['A', 'B'], ['1', '2', '3'])).toEqual(['A', '1', '2', 'B', '3']);
  });

  it('leaves either list as it is when the other is empty', () => {
    expect(interleave([], ['1', '2'])).toEqual(['1', '2']);
    expect(interleave(['A', 'B'], [])).toEqual(['A', 'B']);
  });

  it('puts spread items side by side when they outnumber the others', () => {
    expect(interleave(['A', 'B', 'C', 'D'], ['1'])).toEqual(['A', 'B', '1', 'C', 'D']);
  });
});
