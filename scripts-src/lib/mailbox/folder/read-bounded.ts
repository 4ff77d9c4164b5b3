/**
 * How the folder mailbox reads a file a teammate may have planted: opened
 * without following a link and without waiting (O_NONBLOCK: a FIFO opens at
 * once and is then refused), checked with fstat on the handle that is read (a
 * regular file; its owner is returned for the caller to judge), and read with a
 * size bound, never `readFile` unbounded.
 */
import { constants, type Stats } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

const { O_NOFOLLOW, O_NONBLOCK, O_RDONLY } = constants;

export type Refusal =
  /** A symbolic link in the file's place (O_NOFOLLOW: ELOOP). */
  | 'lien'
  /** A FIFO, a folder, a socket or a device. */
  | 'special'
  /** Larger than the bound, and not read from its end. */
  | 'trop-gros'
  /** The file system refuses to open it (EACCES, EPERM). */
  | 'illisible';

export type Bounded =
  | { kind: 'absent' }
  | { kind: 'refused'; why: Refusal; size?: number; code?: string }
  /** `truncated`: the file was larger than the bound and only its last `max` bytes were read. */
  | { kind: 'read'; data: Buffer; info: Stats; truncated: boolean };

export async function readBounded(path: string, max: number, options: { tail?: boolean } = {}): Promise<Bounded> {
  let handle: FileHandle;
  try {
    handle = await open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'absent' };
    if (code === 'ELOOP') return { kind: 'refused', why: 'lien' };
    if (code === 'EACCES' || code === 'EPERM') return { kind: 'refused', why: 'illisible', code };
    // ENXIO: a socket. Anything else that is not a plain file is refused the same way.
    if (code === 'ENXIO' || code === 'EISDIR' || code === 'EWOULDBLOCK' || code === 'EAGAIN') return { kind: 'refused', why: 'special' };
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { kind: 'refused', why: 'special' };
    const truncated = info.size > max;
    if (truncated && !options.tail) return { kind: 'refused', why: 'trop-gros', size: info.size };
    const start = truncated ? info.size - max : 0;
    const data = Buffer.allocUnsafe(Math.min(info.size, max));
    let filled = 0;
    // The file may shrink meanwhile (read returns 0); it never makes us read past the bound.
    while (filled < data.length) {
      const { bytesRead } = await handle.read(data, filled, data.length - filled, start + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { kind: 'read', data: filled === data.length ? data : data.subarray(0, filled), info, truncated };
  } finally {
    await handle.close();
  }
}
