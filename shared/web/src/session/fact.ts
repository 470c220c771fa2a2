import { BehaviorSubject, Observable } from 'rxjs';

/**
 * One fact of the player session (player, balance, market block, locale): an observable that emits
 * its current value on subscription and every change after, with `value` for synchronous reads.
 * Only the session service holds the writer.
 */
export interface Fact<T> extends Observable<T> {
  readonly value: T;
}

class SubjectFact<T> extends Observable<T> implements Fact<T> {
  constructor(private readonly subject: BehaviorSubject<T>) {
    super((subscriber) => subject.subscribe(subscriber));
  }
  get value(): T {
    return this.subject.getValue();
  }
}

export interface FactWriter<T> {
  readonly fact: Fact<T>;
  /** Sets the value; an equal value (per `same`) is not emitted again. */
  set(value: T): void;
}

export function createFact<T>(initial: T, same: (a: T, b: T) => boolean = Object.is): FactWriter<T> {
  const subject = new BehaviorSubject(initial);
  return {
    fact: new SubjectFact(subject),
    set(value) {
      if (!same(subject.getValue(), value)) subject.next(value);
    },
  };
}

/** Equality of flat records (the session's facts are one level deep). */
export function sameRecord<T extends object | null>(a: T, b: T): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  return keys.length === Object.keys(rb).length && keys.every((k) => ra[k] === rb[k]);
}
