/**
 * EventBridge pattern matching for the forms the project's rules use: every key in the pattern must
 * be present in the event; an array lists the accepted values (exact match), an object recurses.
 */
export function matchesPattern(pattern: Record<string, unknown>, event: Record<string, unknown>): boolean {
  return Object.entries(pattern).every(([key, expected]) => {
    const actual = event[key];
    if (Array.isArray(expected)) {
      const values = Array.isArray(actual) ? actual : [actual];
      return values.some((v) => expected.some((e) => e === v));
    }
    if (expected && typeof expected === 'object') {
      return !!actual && typeof actual === 'object' && matchesPattern(expected as Record<string, unknown>, actual as Record<string, unknown>);
    }
    return false;
  });
}
