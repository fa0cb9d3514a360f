/** An empty plain object to fill with properties. */
type RecordConstructor = new () => Record<string, unknown>;

/**
 * A constructor of plain objects: what it makes has `Object.prototype` as prototype, exactly
 * like `{}`. A function rather than a class, because a class's prototype cannot be replaced.
 */
function plainRecordConstructor(): RecordConstructor {
  function PlainRecord(): void {
    // Nothing to set: the caller adds the properties.
  }
  PlainRecord.prototype = Object.prototype;
  return PlainRecord as unknown as RecordConstructor;
}

const R1 = plainRecordConstructor();
const R2 = plainRecordConstructor();
const R3 = plainRecordConstructor();
const R4 = plainRecordConstructor();
const R5 = plainRecordConstructor();
const R6 = plainRecordConstructor();
const R7 = plainRecordConstructor();
const R8 = plainRecordConstructor();
/** Constructors for sizes 9 to 16, indexed by size (the lower entries are not used). */
const LARGER: readonly RecordConstructor[] = Array.from({ length: 17 }, plainRecordConstructor);

/**
 * An empty plain object (same prototype as `{}`) laid out for `size` properties. V8 gives every
 * `{}` room for four properties inside the object and puts more in a separate array; objects
 * made by one constructor get, once V8 has seen a few, exactly the room they use. With one
 * constructor per size, a copied schema object of one to three keys takes 32 to 48 bytes
 * instead of 56, and one of six keys 72 instead of about 100: less memory, less to collect.
 * Sizes up to 8 each have their own `new` site, so the allocation is inlined; up to 16 share
 * one; beyond that `{}`.
 */
export function newRecord(size: number): Record<string, unknown> {
  switch (size) {
    case 1:
      return new R1();
    case 2:
      return new R2();
    case 3:
      return new R3();
    case 4:
      return new R4();
    case 5:
      return new R5();
    case 6:
      return new R6();
    case 7:
      return new R7();
    case 8:
      return new R8();
    default: {
      const larger = LARGER[size];
      return larger === undefined ? {} : new larger();
    }
  }
}

/** How many enumerable string keys `record` has (inherited ones too: only a size hint). */
export function keyCount(record: object): number {
  let size = 0;
  for (const _key in record) size++;
  return size;
}
