import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '@web/app/errors/chunk-error';

describe('isChunkLoadError', () => {
  it('recognises a failed page download by name or by message', () => {
    expect(isChunkLoadError(Object.assign(new Error('anything'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/landing-page-x.css'))).toBe(true);
  });

  it('leaves other errors to the generic screen', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
