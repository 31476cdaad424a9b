// Array.fromAsync (ES2026), which boa 0.22 lacks. Installed on Array by the
// host as a native function that runs this unit on its first call, so a tool
// that never calls it parses none of it.

// CreateDataPropertyOrThrow: an own element even where the result's class
// defines a setter for it.
function defineElement(result, k, value) {
  Object.defineProperty(result, k, { value, writable: true, enumerable: true, configurable: true });
}

const isConstructor = (value) => {
  if (typeof value !== 'function') return false;
  try {
    Reflect.construct(String, [], value);
    return true;
  } catch {
    return false;
  }
};

async function fromAsync(items, mapfn, thisArg) {
  const mapping = mapfn !== undefined;
  if (mapping && typeof mapfn !== 'function') {
    throw new TypeError(`${String(mapfn)} is not a function`);
  }
  if (items === null || items === undefined) {
    throw new TypeError(`${items} is not iterable or array-like`);
  }
  const iterable = items[Symbol.asyncIterator] != null || items[Symbol.iterator] != null;
  if (iterable) {
    const result = isConstructor(this) ? new this() : [];
    let k = 0;
    // `for await` gives the iteration the specification asks for: values of
    // a sync iterator are awaited, those of an async one are not, and the
    // iterator is closed when a mapping or a definition throws.
    for await (const value of items) {
      const mapped = mapping ? await mapfn.call(thisArg, value, k) : value;
      defineElement(result, k, mapped);
      k += 1;
    }
    result.length = k;
    return result;
  }
  const arrayLike = Object(items);
  const length = Math.min(Math.max(Math.trunc(Number(arrayLike.length)) || 0, 0), Number.MAX_SAFE_INTEGER);
  const result = isConstructor(this) ? new this(length) : new Array(length);
  for (let k = 0; k < length; k += 1) {
    const value = await arrayLike[k];
    const mapped = mapping ? await mapfn.call(thisArg, value, k) : value;
    defineElement(result, k, mapped);
  }
  result.length = length;
  return result;
}

return { fromAsync };
