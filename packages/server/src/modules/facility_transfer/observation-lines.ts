/**
 * The line that first named each observation of an import — its place, problem and instant — for "the same
 * observation as line N" (issue 25, flat memory). An open-addressing table in typed arrays: about 40 bytes an
 * observation, against some 300 for a Map keyed by text, so what an import keeps stays well under the file it reads.
 */
export type PlaceKind = 'box' | 'grid' | 'room' | 'nowhere';
const KIND: Record<PlaceKind, number> = { box: 1, grid: 2, room: 3, nowhere: 4 };

export class ObservationLines {
  /** Problem names as the import compares them (lower case), each given a number once. */
  private problems = new Map<string, number>();
  private count = 0;
  private kinds = new Uint8Array(1024); // 0: an empty slot
  private places = new Int32Array(1024);
  private problemIds = new Int32Array(1024);
  private instants = new Float64Array(1024);
  private lines = new Int32Array(1024);

  /** The line that named this observation first, if one did. */
  get(kind: PlaceKind, placeId: number, problem: string, at: number): number | undefined {
    const problemId = this.problems.get(problem.toLowerCase());
    if (problemId === undefined) return undefined;
    const slot = this.find(KIND[kind], placeId, problemId, at);
    return this.kinds[slot] ? this.lines[slot] : undefined;
  }

  /** Records the line naming this observation (a first one: `get` answered nothing). */
  set(kind: PlaceKind, placeId: number, problem: string, at: number, line: number): void {
    const name = problem.toLowerCase();
    let problemId = this.problems.get(name);
    if (problemId === undefined) this.problems.set(name, (problemId = this.problems.size));
    // Kept at most half full, so a probe ends soon at an empty slot.
    if ((this.count + 1) * 2 > this.kinds.length) this.grow();
    const slot = this.find(KIND[kind], placeId, problemId, at);
    if (!this.kinds[slot]) this.count++;
    this.kinds[slot] = KIND[kind];
    this.places[slot] = placeId;
    this.problemIds[slot] = problemId;
    this.instants[slot] = at;
    this.lines[slot] = line;
  }

  /** The slot holding this observation, or the empty one where it would go (linear probing). */
  private find(kind: number, placeId: number, problemId: number, at: number): number {
    const mask = this.kinds.length - 1;
    let slot = hash(kind, placeId, problemId, at) & mask;
    while (this.kinds[slot] && !(this.kinds[slot] === kind && this.places[slot] === placeId && this.problemIds[slot] === problemId && this.instants[slot] === at)) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  private grow(): void {
    const old = { kinds: this.kinds, places: this.places, problemIds: this.problemIds, instants: this.instants, lines: this.lines };
    const size = old.kinds.length * 2;
    this.kinds = new Uint8Array(size);
    this.places = new Int32Array(size);
    this.problemIds = new Int32Array(size);
    this.instants = new Float64Array(size);
    this.lines = new Int32Array(size);
    for (let i = 0; i < old.kinds.length; i++) {
      if (!old.kinds[i]) continue;
      const slot = this.find(old.kinds[i]!, old.places[i]!, old.problemIds[i]!, old.instants[i]!);
      this.kinds[slot] = old.kinds[i]!;
      this.places[slot] = old.places[i]!;
      this.problemIds[slot] = old.problemIds[i]!;
      this.instants[slot] = old.instants[i]!;
      this.lines[slot] = old.lines[i]!;
    }
  }
}

/** Mixes the four parts (the instant's milliseconds as two 32-bit halves) into a well-spread 32-bit number. */
function hash(kind: number, placeId: number, problemId: number, at: number): number {
  let h = Math.imul(kind ^ 0x9e3779b9, 0x85ebca6b);
  for (const part of [placeId, problemId, at % 0x100000000, Math.floor(at / 0x100000000)]) {
    h = Math.imul(h ^ (part | 0), 0xcc9e2d51);
    h = (h << 15) | (h >>> 17);
    h = Math.imul(h, 0x1b873593);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}
