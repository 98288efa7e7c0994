/**
 * The pets a view lists (its search, filters and order; every page) as one CSV file, read as it
 * streams in so that the page can count the rows so far and stop it.
 */
import type { PetstoreClient } from '@pets/client';
import type { PetsView } from '../utils/pets-search.js';

/** The rows in a piece of the file (a pet's name holds no line break, so a row is a line). */
const linesIn = (text: string) => text.split('\n').length - 1;

export async function exportPets(
  client: PetstoreClient,
  { status, name, q, categoryId, owner, sort }: PetsView,
  onRows: (rows: number) => void,
  signal: AbortSignal,
): Promise<Blob> {
  const file = await client.streamPetsCsv({ status, name, q, categoryId, owner, sort }, { signal });
  const pieces: string[] = [];
  let lines = 0;
  for await (const piece of file.chunks) {
    pieces.push(piece);
    lines += linesIn(piece);
    // The first line is the header.
    onRows(Math.max(0, lines - 1));
  }
  return new Blob(pieces, { type: 'text/csv;charset=utf-8' });
}
