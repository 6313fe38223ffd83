import { createHash } from 'node:crypto';

/**
 * The Idempotency-Key of a batch's call: the batch's key and the call's index, so the same batch sent
 * again replays each write instead of making it twice. Readable when it fits the 255 characters a key may have.
 */
export function itemKey(batchKey: string, index: number): string {
  const plain = `${batchKey}:${index}`;
  return plain.length <= 255 ? plain : `${createHash('sha256').update(batchKey).digest('base64url')}:${index}`;
}
