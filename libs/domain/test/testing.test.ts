import { describe, expect, it, vi } from 'vitest';
import {
  DomainError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
  type Decider,
} from '../src/index.js';
import { specification } from '../src/testing.js';

/** A tally that must be opened before amounts are added: just enough rules to pass and break each helper. */
type TallyEvent = { type: 'Opened' } | { type: 'Added'; amount: number };
type TallyCommand = { type: 'Open' } | { type: 'Add'; amount: number };
interface Tally {
  open: boolean;
  total: number;
}

const tally: Decider<Tally, TallyCommand, TallyEvent> = {
  initialState: () => ({ open: false, total: 0 }),
  evolve: (state, event) =>
    event.type === 'Opened' ? { ...state, open: true } : { ...state, total: state.total + event.amount },
  decide: (command, state) => {
    if (command.type === 'Open') return state.open ? [] : [{ type: 'Opened' }];
    if (!state.open) throw new NotFoundError('No tally is open');
    if (command.amount <= 0)
      throw new ValidationError('Invalid amount', [{ path: 'amount', message: 'Must be positive' }]);
    if (state.total + command.amount > 10) throw new IllegalStateError('A tally holds 10 at most');
    return [{ type: 'Added', amount: command.amount }];
  },
};

const spec = specification(tally);
const opened: TallyEvent = { type: 'Opened' };
const add = (amount: number): TallyCommand => ({ type: 'Add', amount });

describe('then', () => {
  it('passes when the decider decides exactly the events given', () => {
    spec
      .given([opened])
      .when(add(3))
      .then([{ type: 'Added', amount: 3 }]);
    spec.given([opened]).when({ type: 'Open' }).then([]);
  });

  it('decides on the state folded from the history', () => {
    spec
      .given([opened, { type: 'Added', amount: 9 }])
      .when(add(2))
      .thenThrows(new IllegalStateError('A tally holds 10 at most'));
  });

  it('fails when the events differ, or when events were decided where none were expected', () => {
    expect(() =>
      spec
        .given([opened])
        .when(add(3))
        .then([{ type: 'Added', amount: 4 }]),
    ).toThrow(/deeply equal/);
    expect(() => spec.given([]).when({ type: 'Open' }).then([])).toThrow(/deeply equal/);
  });

  it('fails naming the error when the decider refuses the command instead', () => {
    let failure: unknown;
    try {
      spec.given([]).when(add(3)).then([]);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      'expected the decider to decide events, but it threw NotFoundError: No tally is open',
    );
    expect((failure as Error).cause).toBeInstanceOf(NotFoundError);
  });
});

describe('thenThrows', () => {
  it('passes for an error of the class given, or of a subclass of it', () => {
    spec.given([]).when(add(3)).thenThrows(NotFoundError);
    spec.given([]).when(add(3)).thenThrows(DomainError);
  });

  it('fails for an error of another class', () => {
    expect(() => spec.given([]).when(add(3)).thenThrows(IllegalStateError)).toThrow(/instance of/);
  });

  it('passes for an equal error: same class, message and fields', () => {
    spec
      .given([opened])
      .when(add(0))
      .thenThrows(new ValidationError('Invalid amount', [{ path: 'amount', message: 'Must be positive' }]));
  });

  it('fails for an error that differs in class, message or fields', () => {
    const when = spec.given([opened]).when(add(0));
    const problems = [{ path: 'amount', message: 'Must be positive' }];
    expect(() => when.thenThrows(new ValidationError('Invalid', problems))).toThrow(/strictly equal/);
    expect(() => when.thenThrows(new ValidationError('Invalid amount'))).toThrow(/strictly equal/);
    expect(() => when.thenThrows(new IllegalStateError('Invalid amount'))).toThrow(/strictly equal/);
  });

  it('fails showing the events when the decider decides instead of refusing', () => {
    expect(() => spec.given([opened]).when(add(3)).thenThrows(ValidationError)).toThrow(
      'expected the decider to throw ValidationError, but it decided [{"type":"Added","amount":3}]',
    );
    expect(() => spec.given([]).when({ type: 'Open' }).thenThrows(new NotFoundError('gone'))).toThrow(
      'expected the decider to throw NotFoundError: gone, but it decided [{"type":"Opened"}]',
    );
  });
});

describe('when', () => {
  it('decides nothing until the expectation is stated', () => {
    const decide = vi.fn(tally.decide);
    const when = specification({ ...tally, decide })
      .given([])
      .when({ type: 'Open' });
    expect(decide).not.toHaveBeenCalled();
    when.then([opened]);
    expect(decide).toHaveBeenCalledOnce();
  });
});
