/**
 * Input checks shared by the public functions. Every failure is a RangeError naming the field, e.g.
 * `RangeError: S must be a positive finite number, got -1`, so a bad quote is caught where it enters.
 *
 * Public functions read each input field once into a local (callers pass objects of many shapes, and every
 * property load on a polymorphic site costs), check the locals with one predicate the JIT inlines, and only when
 * it fails call the cold path that works out which field is wrong and builds the message.
 */
import type { OptionType } from './types';

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

export function isPositive(value: number): boolean {
  return typeof value === 'number' && value > 0 && value < Infinity;
}

export function isNonNegative(value: number): boolean {
  return typeof value === 'number' && value >= 0 && value < Infinity;
}

export function isFiniteNumber(value: number): boolean {
  return typeof value === 'number' && value - value === 0;
}

export function checkPositive(name: string, value: number): void {
  if (!isPositive(value)) throw new RangeError(`${name} must be a positive finite number, got ${show(value)}`);
}

export function checkNonNegative(name: string, value: number): void {
  if (!isNonNegative(value)) throw new RangeError(`${name} must be a non-negative finite number, got ${show(value)}`);
}

export function checkFinite(name: string, value: number): void {
  if (!isFiniteNumber(value)) throw new RangeError(`${name} must be a finite number, got ${show(value)}`);
}

/** Returns true for a call, false for a put. */
export function checkType(value: OptionType): boolean {
  if (value === 'call') return true;
  if (value === 'put') return false;
  throw new RangeError(`type must be 'call' or 'put', got ${show(value)}`);
}

/** Fast check of the fields every option input shares: type, S > 0, K > 0, T >= 0, finite r and q. */
export function isValidCommon(type: OptionType, S: number, K: number, T: number, r: number, q: number): boolean {
  return (type === 'call' || type === 'put') && isPositive(S) && isPositive(K) && isNonNegative(T) && isFiniteNumber(r) && isFiniteNumber(q);
}

/**
 * Fast check of a whole option input: isValidCommon plus sigma >= 0, written as one flat expression: nested calls
 * would each count again against the inlining budget of the pricing function that inlines it.
 */
export function isValidOption(type: OptionType, S: number, K: number, T: number, r: number, q: number, sigma: number): boolean {
  return (
    (type === 'call' || type === 'put') &&
    typeof S === 'number' &&
    S > 0 &&
    S < Infinity &&
    typeof K === 'number' &&
    K > 0 &&
    K < Infinity &&
    typeof T === 'number' &&
    T >= 0 &&
    T < Infinity &&
    typeof r === 'number' &&
    r - r === 0 &&
    typeof q === 'number' &&
    q - q === 0 &&
    typeof sigma === 'number' &&
    sigma >= 0 &&
    sigma < Infinity
  );
}

/** Cold path: throws the RangeError for the first invalid shared field, in declaration order. */
export function throwForCommon(type: OptionType, S: number, K: number, T: number, r: number, q: number): void {
  checkType(type);
  checkPositive('S', S);
  checkPositive('K', K);
  checkNonNegative('T', T);
  checkFinite('r', r);
  checkFinite('q', q);
}
